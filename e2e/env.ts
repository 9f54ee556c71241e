/** URLs and credentials of the system started by global-setup.ts. */
function need(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the specs through e2e/playwright.config.ts`);
  return v;
}

export const system = {
  get cloudUrl() {
    return need('ST_E2E_CLOUD_URL');
  },
  get gatewayUrl() {
    return need('ST_E2E_GATEWAY_URL');
  },
  get login() {
    return need('ST_E2E_LOGIN');
  },
  get password() {
    return need('ST_E2E_PASSWORD');
  },
  /** The gateway's TCP port for device log lines. */
  get logPort() {
    return Number(need('ST_E2E_LOG_PORT'));
  },
  /** The gateway's UDP discovery port (beacons multicast on interface 127.0.0.1). */
  get discoveryPort() {
    return Number(need('ST_E2E_DISCOVERY_PORT'));
  },
  /** The system's data dir (the cloud's database is in `<dataDir>/cloud`). */
  get dataDir() {
    return need('ST_E2E_DATA_DIR');
  },
};

export interface SystemOptions {
  dataDir: string;
  cloudPort?: number;
  gatewayPort?: number;
  devices?: number;
  firstIp?: string;
  discoveryPort?: number;
  logPort?: number;
  host?: string;
  /** the cloud's login rate limit per IP and minute (the e2e suite signs in once per test from one address) */
  loginMaxPerIp?: number;
  /** the gateway's ST_SAMPLE_INTERVAL in seconds (sensor history specs sample faster than 30 s) */
  sampleInterval?: number;
  /** the cloud's ST_ALERT_ALLOWED_HOSTS (the specs' webhook receivers are on loopback) */
  alertAllowedHosts?: string;
}
export interface RunningSystem {
  cloudUrl: string;
  gatewayUrl: string;
  login: string;
  password: string;
  logDir: string;
  stop(): Promise<void>;
}
export function startSystem(opts: SystemOptions): Promise<RunningSystem>;

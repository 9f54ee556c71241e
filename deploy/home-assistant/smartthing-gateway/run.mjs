// Entry point of the Home Assistant add-on: settings from the add-on options (/data/options.json), the MQTT
// bridge pointed at the add-on broker the Supervisor names (services: mqtt:need), data in /data; then the
// gateway runs in this same process (tini forwards SIGTERM to it).
import { readFileSync } from 'node:fs';

const SUPERVISOR = process.env.ST_HA_SUPERVISOR_URL ?? 'http://supervisor';
const OPTIONS = process.env.ST_HA_OPTIONS ?? '/data/options.json';

function options() {
  try {
    return JSON.parse(readFileSync(OPTIONS, 'utf8'));
  } catch {
    return {};
  }
}

async function mqttService() {
  const token = process.env.SUPERVISOR_TOKEN;
  if (!token) return undefined;
  const r = await fetch(`${SUPERVISOR}/services/mqtt`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!r.ok) throw new Error(`the Supervisor answered ${r.status} for services/mqtt`);
  return (await r.json()).data;
}

const opts = options();
process.env.ST_DATA_DIR ??= '/data/gateway';
process.env.ST_PORT ??= '8080';
// the Supervisor's ingress proxy: the console is served under the prefix it names in X-Ingress-Path
process.env.ST_TRUST_PROXY ??= '172.30.32.2';
if (opts.log_level) process.env.ST_LOG_LEVEL = opts.log_level;
if (opts.multicast_if) process.env.ST_MULTICAST_IF = opts.multicast_if;
if (opts.gateway_password) process.env.ST_GATEWAY_PASSWORD = opts.gateway_password;
try {
  const mqtt = await mqttService();
  if (mqtt?.host) {
    process.env.ST_MQTT_URL = `${mqtt.ssl ? 'mqtts' : 'mqtt'}://${mqtt.host}:${mqtt.port}`;
    if (mqtt.username) process.env.ST_MQTT_USERNAME = mqtt.username;
    if (mqtt.password) process.env.ST_MQTT_PASSWORD = mqtt.password;
    console.log(`[add-on] MQTT bridge: ${process.env.ST_MQTT_URL}`);
  }
} catch (e) {
  console.error(
    `[add-on] no MQTT broker from the Supervisor (${e instanceof Error ? e.message : e}); the bridge stays as set in the console`,
  );
}
await import('/usr/lib/smartthing-gateway/main.js');

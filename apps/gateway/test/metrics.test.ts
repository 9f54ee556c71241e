import { createSocket, type Socket } from 'node:dgram';
import { createConnection } from 'node:net';
import { formatBeacon } from '@st/protocol';
import { type Metrics, parseMetrics, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewaySetup, gatewaySetup, http, startGateway, subscribe } from './helpers';

let setup: GatewaySetup;
let sender: Socket;

beforeAll(async () => {
  setup = await gatewaySetup();
  sender = createSocket('udp4');
  await new Promise<void>((resolve) => sender.bind(0, '127.0.0.1', () => resolve()));
  sender.setMulticastInterface('127.0.0.1');
});
afterAll(() => {
  sender.close();
  setup.cleanup();
});

async function scrape(base: string, headers: Record<string, string> = {}): Promise<Metrics> {
  const res = await fetch(`${base}/metrics`, { headers });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

const lamp = {
  ip: '127.0.0.1:8081',
  type: 'lamp',
  name: 'hall-lamp',
  stVersion: '1.0',
  board: 'esp32',
  version: '2.1',
};

describe('gateway /metrics', () => {
  it('moves with the work done: devices found, requests by route, STOMP sessions, log lines', async () => {
    const gw = await startGateway(setup, { sampleIntervalMs: 200 });
    try {
      const before = await scrape(gw.base);
      expect(before.value('smartthing_devices_found')).toBe(0);
      expect(before.value('smartthing_stomp_sessions')).toBe(0);

      const found = await subscribe(gw.wsUrl, '/devices/found');
      sender.send(formatBeacon(lamp), setup.discoveryPort, '224.1.1.1');
      await waitFor(() => found.messages.length === 1, { what: 'found event' });
      await http(gw.base, 'GET', '/api/devices/found');
      await http(gw.base, 'GET', '/api/devices/found');
      const socket = createConnection({ port: gw.logPort, host: '127.0.0.1' });
      socket.write('lamp&20&main&hello\r\nlamp&20&main&world\r\n');
      await waitFor(
        async () => (await scrape(gw.base)).value('smartthing_log_lines_total', { outcome: 'stored' }) === 2,
        {
          what: 'two stored log lines counted',
        },
      );
      socket.destroy();

      const after = await scrape(gw.base);
      expect(after.value('smartthing_devices_found')).toBe(1);
      expect(after.value('smartthing_device_found_events_total')).toBe(1);
      expect(after.value('smartthing_stomp_sessions')).toBe(1);
      expect(after.value('smartthing_stomp_subscriptions')).toBe(1);
      expect(after.value('http_requests_total', { route: '/api/devices/found', status: '200' })).toBe(2);
      expect(after.value('http_request_duration_seconds_count', { route: '/api/devices/found' })).toBe(2);
      expect(after.types.get('smartthing_ota_outcomes_total')).toBe('COUNTER');
      // the beacon names no real device: the sampler's readings of it fail
      await waitFor(
        async () =>
          (await scrape(gw.base)).value('smartthing_sensor_samples_total', { outcome: 'unreachable' }) > 0,
        {
          what: 'an unreachable sample counted',
        },
      );
      expect(after.value('smartthing_mqtt_connected')).toBe(0);
      await found.close();
    } finally {
      await gw.stop();
    }
  });

  it('wants the bearer token when ST_METRICS_TOKEN is set, and has no /metrics when ST_METRICS=off', async () => {
    const token = 'prometheus-scrape-token';
    const gw = await startGateway(setup, { metricsToken: token });
    try {
      const refused = await http(gw.base, 'GET', '/metrics');
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect((await scrape(gw.base, { authorization: `Bearer ${token}` })).has('http_requests_total')).toBe(
        true,
      );
    } finally {
      await gw.stop();
    }
    const off = await startGateway(setup, { metrics: false });
    try {
      expect((await http(off.base, 'GET', '/metrics')).status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});

import { DeviceInfoSchema, DeviceSampleSchema, HistoryResponse } from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type LinkedSystem, startLinkedSystem, type TestDevice } from './support/linked';
import { gwCall } from './system';

// Sensor history through the cloud: the cloud stores none, it relays the gateway's history, CSV export and
// overview, and forwards the gateway's live samples to a subscribed browser.
describe('sensor history through the cloud relay', () => {
  let sys: LinkedSystem & { device: TestDevice };
  let ip: string;
  const t0 = Date.now() - 1000;

  beforeAll(async () => {
    sys = await startLinkedSystem({ storage: 'sqlite', device: true });
    const found = z
      .array(DeviceInfoSchema)
      .parse((await gwCall(sys.gw.url, 'GET', '/api/devices/found')).body);
    ip = found[0]?.ip ?? '';
  });
  afterAll(async () => {
    await sys?.stop();
  });

  const relay = (url: string) =>
    sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, { url, method: 'GET' });

  it('forwards live samples to a subscribed browser, and relays history, CSV and overview unchanged', async () => {
    const topic = `/secured/gateway/${sys.gatewayId}/devices/samples`;
    await sys.live.subscribe(topic);
    // Three rounds of the gateway's own sampler on the real (simulated) device.
    const { sampler, bus } = sys.gw.gateway;
    for (let i = 0; i < 3; i++) {
      const sample = await sampler.sample(ip);
      expect(sample.ok).toBe(true);
      bus.emit('device.sampled', sample);
      await new Promise((r) => setTimeout(r, 20));
    }
    await waitFor(() => (sys.live.messages.get(topic)?.length ?? 0) >= 3, { what: 'forwarded samples' });
    expect(DeviceSampleSchema.parse(sys.live.messages.get(topic)?.[0]).ip).toBe(ip);

    const sensor = 'light';
    const q = `ip=${ip}&sensor=${sensor}&from=${t0}&to=${Date.now() + 1000}`;
    const direct = await gwCall(sys.gw.url, 'GET', `/api/devices/history?${q}`);
    const relayed = await relay(`/api/devices/history?${q}`);
    expect(relayed.status).toBe(200);
    expect(relayed.body).toEqual(direct.body);
    expect(HistoryResponse.parse(relayed.body).points.filter((p) => p.v !== null)).toHaveLength(3);

    const csvDirect = await gwCall(sys.gw.url, 'GET', `/api/devices/history/export?${q}`);
    const csv = await relay(`/api/devices/history/export?${q}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text).toBe(csvDirect.text);
    expect(csv.text.split('\r\n')[0]).toBe('t,time,v,min,max');

    const overview = await relay('/api/devices/overview');
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject([{ ip, online: true }]);

    const bad = await relay(`/api/devices/history?ip=${ip}&sensor=${sensor}&from=9&to=1`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

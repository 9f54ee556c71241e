import { type Metrics, parseMetrics } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LinkedSystem, startLinkedSystem } from './support/linked';

async function scrape(url: string, headers: Record<string, string> = {}): Promise<Metrics> {
  const res = await fetch(`${url}/metrics`, { headers });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

describe('cloud /metrics', () => {
  let sys: LinkedSystem;
  beforeAll(async () => {
    sys = await startLinkedSystem({ storage: 'sqlite' });
  });
  afterAll(async () => {
    await sys?.stop();
  });

  it('shows the linked gateway, the STOMP sessions and the relay latency by hop', async () => {
    const before = await scrape(sys.cloud.url);
    expect(before.value('smartthing_linked_gateways')).toBe(1);
    expect(before.value('smartthing_stomp_sessions', { kind: 'gateway' })).toBe(1);
    expect(before.value('smartthing_stomp_sessions', { kind: 'user' })).toBeGreaterThanOrEqual(1);
    expect(before.value('smartthing_stomp_subscriptions')).toBeGreaterThanOrEqual(1);

    const route = '/api/gateway/requests/:gatewayId';
    const relayed = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
      url: '/api/build',
      method: 'GET',
    });
    expect(relayed.status).toBe(200);
    const after = await scrape(sys.cloud.url);
    expect(after.value('http_requests_total', { route, status: '200' })).toBe(
      before.value('http_requests_total', { route, status: '200' }) + 1,
    );
    for (const hop of ['cloud', 'link', 'gateway']) {
      expect(after.value('relay_hop_duration_seconds_count', { hop })).toBe(
        before.value('relay_hop_duration_seconds_count', { hop }) + 1,
      );
    }
    expect(after.value('process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

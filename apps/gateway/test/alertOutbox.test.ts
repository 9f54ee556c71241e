import { AlertPayload, TimelineEntry } from '@st/protocol';
import { startHttpReceiver, waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gatewaySetup, http, startGateway } from './helpers';

// The outbox is durable: an alert that could not be delivered before the gateway stopped goes out after
// it starts again, from the same SQLite file.

describe('alert outbox', () => {
  it('delivers after a restart what was still pending when the gateway stopped', async () => {
    const setup = await gatewaySetup();
    const hook = await startHttpReceiver();
    const timings = { alertTimings: { pollMs: 100, retryBaseMs: 300 } };
    try {
      let gw = await startGateway(setup, timings);
      await http(gw.base, 'PUT', '/api/alerts', {
        channels: [{ id: 'hook', type: 'webhook', url: hook.url }],
        notifications: true,
      });
      hook.failNext(...Array(100).fill(503));
      await http(gw.base, 'POST', '/api/notification', {
        device: { name: 'door', type: 'sensor', ip: '127.0.0.11' },
        notification: { message: 'Door open', type: 'warning' },
      });
      await waitFor(() => hook.received.length >= 1, { what: 'first failed attempt' });
      await gw.stop();
      const tried = hook.received.length;
      const failed = hook.received.map((r) => r.headers['idempotency-key']);
      // the receiver works again; nothing arrives until the gateway is back
      hook.clearFailures();
      hook.received.length = 0;
      gw = await startGateway(setup, timings);
      await waitFor(() => hook.received.length === 1, { what: 'delivery after the restart' });
      const delivered = AlertPayload.parse(JSON.parse(hook.received[0]?.body ?? ''));
      expect(delivered.text).toBe('Door open');
      // Every attempt, before and after the restart, carried the same idempotency key (in body and header).
      expect(hook.received[0]?.headers['idempotency-key']).toBe(delivered.id);
      expect(failed).toEqual(failed.map(() => delivered.id));
      const entries = z
        .array(TimelineEntry)
        .parse((await http(gw.base, 'GET', '/api/devices/timeline?ip=127.0.0.11&kinds=alert')).body);
      expect(entries[0]?.outcome).toBe('sent');
      expect(entries[0]?.attempts).toBe(tried + 1);
      await gw.stop();
    } finally {
      await hook.close();
      setup.cleanup();
    }
  });
});

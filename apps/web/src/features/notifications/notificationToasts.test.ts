import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Notification, TOAST } from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayFetch } from '../../api/gatewayFetch';
import { HttpClient } from '../../api/http';
import { ToastStore } from '../../ui/kit/toastStore';
import * as calls from './notificationCalls';
import { NotificationToasts } from './notificationToasts';
import { Toaster } from './toaster';

// Toasts live in the kit's toast store (no DOM needed to read it); the cloud is a real HTTP server
// that records what the console sends through the relay.

const quiet = { debug: () => {}, warn: () => {}, error: () => {} };
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const saved: Notification = {
  id: 'n1',
  device: { name: 'boiler', type: 'heater', ip: '127.0.0.9' },
  dateTime: '2026-01-02T03:04:05.000Z',
  notification: { message: 'Water is hot', type: 'warning' },
};
const home = { id: 'g-1', name: 'home', description: '', online: true };

async function setUp() {
  const relayed: unknown[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const call: unknown = JSON.parse(body);
      relayed.push({ path: req.url, call });
      res.writeHead(200, { 'content-type': 'application/json' });
      const isList = typeof call === 'object' && call !== null && 'method' in call && call.method === 'GET';
      res.end(JSON.stringify(isList ? [saved] : { ok: true }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const http = new HttpClient({ baseUrl: `http://127.0.0.1:${port}/`, timeoutMs: 2000, log: quiet });
  const store = new ToastStore();
  const toaster = new Toaster({ store, fromLabel: (source) => `From: ${source}`, closeLabel: () => 'Close' });
  const gatewayFetch = createGatewayFetch({ mode: 'cloud', http, onGatewayOffline: () => {} });
  const toasts = new NotificationToasts({ toaster, gatewayFetch, log: quiet, caption: () => 'Notification' });
  return { relayed, store, toaster, toasts };
}

describe('toasts', () => {
  it('errors stay until closed; other toasts close after 2.5 s', async () => {
    const { store, toaster } = await setUp();
    toaster.error({ caption: 'Failed to load gateways' });
    toaster.success({ caption: 'Gateway created' });
    toaster.error({ caption: 'Login and password are required!', autoClose: true });

    const shown = store.getState().shown.map((n) => [n.title, n.autoClose]);
    expect(shown).toEqual([
      ['Failed to load gateways', false],
      ['Gateway created', TOAST.autoCloseMs],
      ['Login and password are required!', TOAST.autoCloseMs],
    ]);
  });
});

describe('notification toasts', () => {
  it('shows a saved notification once even when it also arrives live, and it never closes by itself', async () => {
    const { store, toasts } = await setUp();

    await toasts.loadSaved(home, calls);
    toasts.show(saved, home, calls);

    const shown = store.getState().shown;
    expect(shown).toHaveLength(1);
    expect(shown[0]?.autoClose).toBe(false);
    expect(shown[0]?.color).toBe('yellow');
  });

  it('closing a notification marks it seen on its gateway through the relay', async () => {
    const { relayed, store, toasts } = await setUp();
    toasts.show(saved, home, calls);
    const id = store.getState().shown[0]?.id ?? '';

    store.hide(id);

    await waitFor(() => relayed.length === 1, { what: 'mark-seen call' });
    expect(relayed).toEqual([
      { path: '/api/gateway/requests/g-1', call: { url: '/api/notification?id=n1', method: 'DELETE' } },
    ]);
  });
});

// The presence-churn phase of bench/cloud-scale: `churn` gateways drop their links and relink all at once while a
// signed-in user watches /secured/events and each node's /api/ready answer time shows how long its loop stalls.
import { createNodeStompClient } from '@st/stomp/client';
import { waitFor } from '@st/testkit';
import { z } from 'zod';
import { round } from '../lib/figures';
import type { Holder } from './holder';

const GatewayEvent = z.object({ gateway: z.object({ id: z.string() }), event: z.string() });

export interface ChurnSetup {
  /** the first node's websocket URL, where the watching user connects */
  wsUrl: string;
  /** the user's session cookie */
  cookie: string;
  nodeUrls: string[];
  holders: Holder[];
  /** the gateways each holder holds, by holder */
  slices: Array<Array<{ id: string }>>;
  /** how many gateways relink */
  churn: number;
  /** links held before the churn, and how many gateways are online now (the management list) */
  held: number;
  online: () => Promise<number>;
}

export async function measureChurn(s: ChurnSetup) {
  const seen = new Set<string>();
  let churnStart = 0;
  const watcher = createNodeStompClient(s.wsUrl, { httpHeaders: { cookie: s.cookie }, heartbeatIncoming: 0 });
  try {
    await new Promise<void>((resolve) => {
      watcher.onConnect = () => {
        watcher.subscribe('/secured/events', (m) => {
          const e = GatewayEvent.safeParse(JSON.parse(m.body));
          if (e.success && e.data.event === 'CONNECTED' && churnStart > 0) seen.add(e.data.gateway.id);
        });
        resolve();
      };
      watcher.activate();
    });
    const churnIds = new Set<string>();
    const perHolder = Math.ceil(s.churn / s.holders.length);
    for (const slice of s.slices) for (const c of slice.slice(0, perHolder)) churnIds.add(c.id);
    // While the links churn, each node's /api/ready answer time shows how long its event loop stalls.
    let probing = true;
    let worstReadyMs = 0;
    const probes = s.nodeUrls.map(async (url) => {
      while (probing) {
        const t0 = performance.now();
        await fetch(`${url}/api/ready`).then(
          (r) => r.arrayBuffer(),
          () => undefined,
        );
        worstReadyMs = Math.max(worstReadyMs, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    churnStart = Date.now();
    const churned = await Promise.all(
      s.holders.map((h) => h.ask({ t: 'churn', count: perHolder }, 'churned')),
    );
    const linkedMs = Math.max(...churned.map((c) => Number(c.ms)));
    // On an overloaded machine not every event may arrive in time: the figure then says how many did.
    const sawAll = await waitFor(() => [...churnIds].every((id) => seen.has(id)), {
      timeoutMs: 120_000,
      what: 'the user seeing every churned gateway CONNECTED',
    }).then(
      () => true,
      () => false,
    );
    const userSawAllMs = sawAll ? Date.now() - churnStart : null;
    probing = false;
    await Promise.all(probes);
    const onlineAfter = await waitFor(async () => (await s.online()) === s.held, {
      timeoutMs: 60_000,
      intervalMs: 1000,
      what: 'all online after churn',
    }).then(
      () => s.held,
      async () => s.online(),
    );
    return {
      gateways: churnIds.size,
      allLinkedMs: linkedMs,
      userSawAllMs,
      userSaw: [...churnIds].filter((id) => seen.has(id)).length,
      onlineAfter,
      worstReadyAnswerMs: round(worstReadyMs, 0),
    };
  } finally {
    await watcher.deactivate();
  }
}

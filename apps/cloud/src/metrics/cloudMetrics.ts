import type { StompServer } from '@st/stomp';
import { Gauge, type Registry } from 'prom-client';
import type { LivePrincipal } from '../live/stomp';

// The cloud's own figures on /metrics, next to the request, relay-hop and process figures server-kit registers.
// Read from the STOMP server when scraped: this node's gateway links, browser sessions and their subscriptions.

export function registerCloudMetrics(registry: Registry, stomp: StompServer<LivePrincipal>): void {
  new Gauge({
    name: 'smartthing_linked_gateways',
    help: 'Gateways whose cloud link is held by this node',
    registers: [registry],
    collect() {
      this.set(stomp.sessions().filter((s) => s.principal.kind === 'gateway').length);
    },
  });
  new Gauge({
    name: 'smartthing_stomp_sessions',
    help: 'Connected STOMP sessions on this node, by kind (user: browsers, gateway: links)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const counts = { user: 0, gateway: 0 };
      for (const s of stomp.sessions()) counts[s.principal.kind]++;
      for (const [kind, n] of Object.entries(counts)) this.set({ kind }, n);
    },
  });
  new Gauge({
    name: 'smartthing_stomp_subscriptions',
    help: 'Subscriptions held by the STOMP sessions on this node',
    registers: [registry],
    collect() {
      let n = 0;
      for (const s of stomp.sessions()) n += s.destinations().length;
      this.set(n);
    },
  });
}

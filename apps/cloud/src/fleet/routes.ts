import {
  CLOUD_ROUTES,
  type FleetDevice,
  type FleetGateway,
  GatewaySummary,
  LINK_DESTINATIONS,
} from '@st/protocol';
import type { HttpApp, Logger } from '@st/server-kit';
import { StompRefusal, type StompServer } from '@st/stomp';
import type { GatewayStore } from '../gateways/store';
import type { RequestAuth } from '../http/requestAuth';
import { effectiveRole, tokenReaches } from '../http/tokenAccess';
import type { Presence } from '../link/presence';
import type { LivePrincipal } from '../live/stomp';
import type { GatewaySummaries, StoredSummary } from './summaries';

export interface FleetRouteDeps {
  gateways: GatewayStore;
  presence: Presence;
  auth: RequestAuth;
  summaries: GatewaySummaries;
}

/** Devices named per gateway in a search answer; the counts cover them all. */
const MATCHES_MAX = 20;

/**
 * `GET /api/fleet`: every gateway the caller may see (any role: a viewer reads the overview too), with its
 * online state and the counts it last reported; `q` keeps the gateways whose name or site holds it, or that have
 * a device whose name or address holds it (those devices listed in `matches`).
 */
export function registerFleetRoutes(app: HttpApp, deps: FleetRouteDeps): void {
  const { gateways, presence, auth, summaries } = deps;
  const r = CLOUD_ROUTES['cloud.fleet.overview'];
  app.get(
    r.path,
    { schema: { querystring: r.query, summary: r.summary, response: { 200: r.response } } },
    async (req) => {
      const user = await auth.userOrToken(req);
      const list = (await gateways.list(user.userId)).filter((g) => tokenReaches(user, g.id));
      const ids = list.map((g) => g.id);
      const [online, reported] = await Promise.all([presence.onlineOf(ids), summaries.of(ids)]);
      const q = (req.query.q ?? '').toLowerCase();
      const out: FleetGateway[] = [];
      for (const g of list) {
        const stored = reported.get(g.id);
        const site = g.description.trim() || stored?.summary.localName || '';
        const matches = q === '' ? [] : matchingDevices(stored, q);
        const hit = q === '' || [g.name, site].some((t) => t.toLowerCase().includes(q)) || matches.length > 0;
        if (!hit) continue;
        out.push({
          id: g.id,
          name: g.name,
          site,
          online: online.has(g.id),
          role: effectiveRole(user, g.id, g.role),
          summary: stored ? counts(stored) : null,
          matches,
        });
      }
      return out.sort((a, b) => a.name.localeCompare(b.name));
    },
  );
}

function counts({ summary, reportedAt }: StoredSummary): FleetGateway['summary'] {
  const { devices, online, outdated, crashLooping } = summary;
  return { devices, online, outdated, crashLooping, reportedAt };
}

function matchingDevices(stored: StoredSummary | undefined, q: string): FleetDevice[] {
  if (stored === undefined) return [];
  const out: FleetDevice[] = [];
  for (const d of stored.summary.names) {
    if (!d.name.toLowerCase().includes(q) && !d.ip.includes(q)) continue;
    out.push(d);
    if (out.length === MATCHES_MAX) break;
  }
  return out;
}

/**
 * Keeps the fleet summary a linked gateway sends over its link (`/link/summary`). A malformed one is dropped
 * with a warning rather than refused: refusing would end the link. Returns the remover.
 */
export function receiveLinkSummaries(
  stomp: StompServer<LivePrincipal>,
  summaries: GatewaySummaries,
  logger: Logger,
): () => void {
  return stomp.handle(LINK_DESTINATIONS.summary, async (ctx) => {
    const p = ctx.principal;
    if (p.kind !== 'gateway') throw new StompRefusal('Only a gateway link may send its summary');
    let json: unknown;
    try {
      json = JSON.parse(ctx.text());
    } catch {
      logger.warn({ gateway: p.gatewayId }, 'gateway summary not JSON');
      return;
    }
    const summary = GatewaySummary.safeParse(json);
    if (!summary.success) {
      logger.warn(
        { gateway: p.gatewayId, reason: summary.error.issues[0]?.message },
        'gateway summary refused',
      );
      return;
    }
    await summaries.put(p.gatewayId, summary.data);
  });
}

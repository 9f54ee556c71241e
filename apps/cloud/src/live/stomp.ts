import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import {
  ERROR_CATALOG,
  GATEWAY_TOKEN_HEADER,
  gatewayTopicFor,
  LINK_DESTINATIONS,
  LINK_TRANSFER,
  parseDestination,
} from '@st/protocol';
import { websocketOriginCheck } from '@st/server-kit';
import { type AccessResult, type StompBus, type StompLogger, StompServer } from '@st/stomp';
import type { GatewayStore } from '../gateways/store';
import type { Authenticator, GatewayPrincipal, UserPrincipal } from '../http/principal';

/** A live session's principal: a browser user, or a gateway link (each link has its own id). */
export type LivePrincipal = UserPrincipal | LinkPrincipal;
/** A gateway link; `transfers`: it announced that it takes large bodies in chunks (LINK_TRANSFER). */
export type LinkPrincipal = GatewayPrincipal & { linkId: string; transfers?: boolean };

export const userKey = (userId: string) => `user:${userId}`;
export const gatewayKey = (gatewayId: string) => `gateway:${gatewayId}`;

export interface LiveServerDeps {
  authenticator: Authenticator;
  gateways: GatewayStore;
  bus: StompBus;
  logger: StompLogger;
  /** STOMP heart-beat both ways (default 10000 ms, design.md) */
  heartbeatMs: number;
  /** origins allowed to open the websocket besides the cloud's own (ST_ALLOWED_ORIGINS) */
  allowedOrigins: readonly string[];
  /** a gateway link subscribed to its requests: it can be relayed to from now on */
  onLinkReady: (principal: LinkPrincipal) => void;
}

const USER_WIDE = new Set(['cloud.events', 'cloud.notifications']);
const LINK_SUBSCRIPTIONS = new Set<string>([LINK_DESTINATIONS.requests, LINK_DESTINATIONS.topics]);

/**
 * The cloud's STOMP endpoint (/api/st-ws): browsers with their session cookie, gateways with their token
 * (handshake header or CONNECT header). A user may subscribe to the user-wide topics and to the per-gateway
 * topics of gateways they own; a gateway only to its link destinations.
 */
export function createLiveServer(httpServer: Server, deps: LiveServerDeps): StompServer<LivePrincipal> {
  const { authenticator, gateways } = deps;
  const stomp = new StompServer<LivePrincipal>({
    acceptUpgrade: websocketOriginCheck(deps.allowedOrigins),
    bus: deps.bus,
    logger: deps.logger,
    heartbeat: { outgoing: deps.heartbeatMs, incoming: deps.heartbeatMs },
    // relayed answers carry files base64-encoded (firmware downloads)
    maxFrameBytes: 32 * 1024 * 1024,
    // A firmware upload of 16 MiB reaches a gateway that does not take chunks (LINK_TRANSFER) as one
    // ~22 MiB frame: the slow-consumer limit must hold such a frame plus what else is queued, or the link
    // is dropped mid-upload (issue 21).
    maxBufferedBytes: 2 * 32 * 1024 * 1024,
    userOf: (p) => (p.kind === 'user' ? userKey(p.userId) : gatewayKey(p.gatewayId)),
    authenticate: async ({ request, connectHeaders }) => {
      const fromHandshake = await authenticator.fromHeaders(request.headers);
      // Header names are case-insensitive here as in HTTP (the READMEs spell it SmartThing-Token-Gateway).
      const token = headerIgnoringCase(connectHeaders, GATEWAY_TOKEN_HEADER);
      const principal = fromHandshake ?? (token ? await authenticator.gatewayFromToken(token) : undefined);
      if (!principal) {
        // A gateway whose token was refused is told so in words it recognises, so it stops retrying.
        const triedToken = token !== undefined || request.headers[GATEWAY_TOKEN_HEADER] !== undefined;
        const code = triedToken ? 'GATEWAY_TOKEN_INVALID' : 'UNAUTHENTICATED';
        return { ok: false, reason: ERROR_CATALOG[code].message };
      }
      if (principal.kind === 'user') {
        // API tokens are for REST calls and the relay: the live channel is a signed-in console's.
        if (principal.apiToken) return { ok: false, reason: ERROR_CATALOG.API_TOKEN_NOT_ALLOWED.message };
        // No live channel before a one-time password is replaced (as for the HTTP routes).
        if (principal.mustChangePassword)
          return { ok: false, reason: ERROR_CATALOG.PASSWORD_CHANGE_REQUIRED.message };
        return { ok: true, principal };
      }
      const transfers = headerIgnoringCase(connectHeaders, LINK_TRANSFER.capabilityHeader) === '1';
      // Kept as long as the link lives, so built to be small: a literal (V8 gives each `{ ...a, b }` a hidden
      // class of its own) and a flat id string (randomUUID() is a chain of concatenated strings).
      const link: LinkPrincipal = {
        kind: 'gateway',
        gatewayId: principal.gatewayId,
        ownerId: principal.ownerId,
        name: principal.name,
        description: principal.description,
        tokenHash: principal.tokenHash,
        linkId: randomBytes(16).toString('hex'),
        transfers,
      };
      return { ok: true, principal: link };
    },
    authorizeSubscribe: async (p, destination): Promise<AccessResult> => {
      if (p.kind === 'gateway') {
        if (!LINK_SUBSCRIPTIONS.has(destination)) return { ok: false, reason: `Not allowed: ${destination}` };
        if (destination === LINK_DESTINATIONS.requests) setTimeout(() => deps.onLinkReady(p), 0);
        return { ok: true };
      }
      const match = parseDestination(destination);
      if (match && USER_WIDE.has(match.name)) return { ok: true };
      const target = gatewayTopicFor(destination);
      if (!target) return { ok: false, reason: `Unknown destination ${destination}` };
      const owned = await gateways.get(p.userId, target.gatewayId);
      return owned ? { ok: true } : { ok: false, reason: `Gateway ${target.gatewayId} not found` };
    },
  });
  stomp.attach(httpServer);
  return stomp;
}

function headerIgnoringCase(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && value.trim() !== '') return value.trim();
  }
  return undefined;
}

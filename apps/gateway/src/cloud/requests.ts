import { randomBytes } from 'node:crypto';
import {
  apiErrorBody,
  checkRelayUrl,
  decodeLinkBody,
  encodeLinkBody,
  GATEWAY_ROUTES,
  type LinkRequest,
  type LinkResponse,
  parseServerTiming,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';

/** Marks in-process requests that came through the cloud relay. */
export const RELAYED_HEADER = 'st-cloud-request';
/** The same header, under the name the sign-in guard reads. */
export const RELAYED_SECRET_HEADER = RELAYED_HEADER;
/**
 * Its value: a random secret of this process, so only the gateway's own in-process relay can set it (a
 * LAN client that writes the header does not pass the optional sign-in; issue 14, item 9).
 */
export const RELAY_SECRET = randomBytes(32).toString('base64url');
/** The cloud user a relayed request is for; read only together with the relay secret above. */
export const RELAYED_ACTOR_HEADER = 'st-cloud-actor';

const KEPT_HEADERS = ['content-type', 'content-disposition', 'cache-control'];

function json(id: string, status: number, value: unknown, started: number): LinkResponse {
  return {
    id,
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: { encoding: 'utf8', text: JSON.stringify(value) },
    timings: { gatewayMs: performance.now() - started },
  };
}

/**
 * Runs what the cloud asks on this gateway's own API, in-process (`app.inject`, no HTTP self-call). Only
 * relayable routes run: `/api/cloud/*` and the other local-only routes answer 403.
 */
export async function runLinkRequest(app: HttpApp, req: LinkRequest): Promise<LinkResponse> {
  const started = performance.now();
  if (req.kind === 'command') return json(req.id, 200, { status: 200, data: 'pong' }, started);
  const call =
    req.kind === 'relay'
      ? {
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: req.body ? Buffer.from(decodeLinkBody(req.body)) : undefined,
        }
      : {
          method: 'POST' as const,
          url: GATEWAY_ROUTES['gateway.device.request'].path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ device: req.device, command: req.command, params: req.params }),
        };
  // Device commands are a link request kind of their own; relayed URLs must be canonical and on the relay
  // allow-list, and the string checked is the string run (the gateway does not trust the cloud's check).
  if (req.kind === 'relay') {
    const checked = checkRelayUrl(call.method, call.url);
    if (!checked.ok)
      return json(req.id, 403, apiErrorBody('RELAY_FORBIDDEN_PATH', `Refused: ${checked.reason}`), started);
    call.url = checked.url;
  }
  const injected = performance.now();
  const res = await app.inject({
    method: call.method,
    url: call.url,
    headers: {
      ...call.headers,
      [RELAYED_HEADER]: RELAY_SECRET,
      ...(req.actor ? { [RELAYED_ACTOR_HEADER]: encodeURIComponent(req.actor) } : {}),
    },
    ...(call.body !== undefined ? { payload: call.body } : {}),
  });
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const v = res.headers[name];
    if (typeof v === 'string') headers[name] = v;
  }
  const timing = res.headers['server-timing'];
  const reported =
    typeof timing === 'string' ? parseServerTiming(timing).find((t) => t.name === 'device') : undefined;
  // A device command's time is what the device route took, unless the route reported it itself.
  const deviceMs = reported?.durMs ?? (req.kind === 'device' ? performance.now() - injected : undefined);
  return {
    id: req.id,
    status: res.statusCode,
    headers,
    ...(res.rawPayload.length > 0 ? { body: encodeLinkBody(res.rawPayload, headers['content-type']) } : {}),
    timings: {
      gatewayMs: performance.now() - started,
      ...(deviceMs !== undefined ? { deviceMs } : {}),
    },
  };
}

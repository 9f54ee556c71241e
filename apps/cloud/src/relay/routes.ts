import {
  ApiError,
  CLOUD_ROUTES,
  decodeLinkBody,
  encodeLinkBody,
  type LinkResponse,
  RelayCommandRequest,
  RelayDeviceRequest,
  RelayGatewayParams,
  RelayRawQuery,
  RelayRequest,
  routeDef,
  transferAllowanceMs,
} from '@st/protocol';
import { type HttpApp, setServerTiming } from '@st/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditLog } from '../audit/log';
import type { AccessCache } from '../auth/accessCache';
import type { GatewayStore } from '../gateways/store';
import { cloudErrors } from '../http/errors';
import type { RequestAuth } from '../http/requestAuth';
import { effectiveRole, refuseReadTokenWrite } from '../http/tokenAccess';
import type { Admission } from './admission';
import type { OutgoingRequest, Relay } from './relay';
import { answerForRole, checkRelayRole, classifyRelayCall } from './roleCheck';
import { checkRelayUrlKept } from './urlMemo';

export interface RelayRouteDeps {
  relay: Relay;
  gateways: GatewayStore;
  /** per-node cache of the caller's role (invalidated across nodes); without it each call asks the database */
  access?: AccessCache;
  auth: RequestAuth;
  /** largest raw body (firmware upload) accepted by the raw relay */
  rawBodyLimit: number;
  /** load shedding before the relay (503 CLOUD_BUSY beyond it) */
  admission: Admission;
  audit: AuditLog;
}

/** Only these headers of the gateway's answer reach the browser (no hop-by-hop, CORS or cookies). */
const PASSED_HEADERS = new Set(['content-type', 'content-disposition', 'cache-control']);

/**
 * The relay: the user's request runs on their gateway and its status, headers and body come back unchanged,
 * with a Server-Timing header (cloud total, link, gateway, device).
 */
export function registerRelayRoutes(app: HttpApp, deps: RelayRouteDeps): void {
  const { relay, gateways, auth } = deps;

  const run = async (
    req: FastifyRequest,
    reply: FastifyReply,
    gatewayId: string,
    request: OutgoingRequest,
    extraMs = 0,
  ) => {
    const started = performance.now();
    // The URL checked is the URL sent: canonical and on the allow-list, or refused before the link.
    if (request.kind === 'relay') {
      const checked = checkRelayUrlKept(request.method, request.url);
      if (!checked.ok) throw new ApiError('RELAY_FORBIDDEN_PATH', `Refused: ${checked.reason}`);
    }
    const { user, role } = await deps.admission
      .run(async () => {
        const user = await auth.userOrToken(req);
        const role = deps.access
          ? await deps.access.roleOf(user.userId, gatewayId, () => gateways.accessOf(user.userId, gatewayId))
          : await gateways.roleOf(user.userId, gatewayId);
        if (!role) throw cloudErrors.gatewayNotFound(gatewayId);
        return { user, role: effectiveRole(user, gatewayId, role) };
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 'CLOUD_BUSY') reply.header('retry-after', '1');
        throw err;
      });
    const call = classifyRelayCall(request);
    // Reads are not audited; writes are, whatever their outcome (refused here, failed there, or done), and the
    // answer leaves only once its row is written.
    const audit = async (outcome: string) => {
      if (call.access !== 'write') return;
      await deps.audit.record({
        action: request.kind === 'device' ? 'relay.device' : 'relay.request',
        actorId: user.userId,
        actor: user.login,
        gatewayId,
        device: call.device,
        command: call.command,
        outcome,
        durationMs: performance.now() - started,
        address: req.ip,
        ...(user.apiToken ? { detail: `API token "${user.apiToken.name}"` } : {}),
      });
    };
    try {
      if (call.access === 'write') refuseReadTokenWrite(user, call.command);
      checkRelayRole(role, call);
    } catch (e) {
      await audit('denied');
      throw e;
    }
    let answer: LinkResponse;
    try {
      answer = await relay.send(gatewayId, { ...request, actor: user.login }, extraMs);
    } catch (e) {
      await audit(e instanceof ApiError ? String(e.status) : 'error');
      throw e;
    }
    await audit(String(answer.status));
    return sendAnswer(reply, answerForRole(role, call, answer), performance.now() - started);
  };

  app.post(
    CLOUD_ROUTES['cloud.relay.device'].path,
    { schema: { summary: routeDef('cloud.relay.device').summary, body: RelayDeviceRequest } },
    async (req, reply) => {
      const { gatewayId, device, command, params } = req.body;
      return run(req, reply, gatewayId, { kind: 'device', device, command, params });
    },
  );

  app.post(
    CLOUD_ROUTES['cloud.relay.command'].path,
    { schema: { summary: routeDef('cloud.relay.command').summary, body: RelayCommandRequest } },
    async (req, reply) => {
      const { gatewayId, command, parameters } = req.body;
      return run(req, reply, gatewayId, { kind: 'command', command, parameters });
    },
  );

  app.post(
    CLOUD_ROUTES['cloud.relay.request'].path,
    {
      schema: {
        summary: routeDef('cloud.relay.request').summary,
        params: RelayGatewayParams,
        body: RelayRequest,
      },
    },
    async (req, reply) => {
      const { url, method, data } = req.body;
      const withBody = data !== undefined && data !== null && method !== 'GET';
      return run(req, reply, req.params.gatewayId, {
        kind: 'relay',
        method,
        url,
        headers: withBody ? { 'content-type': 'application/json' } : {},
        ...(withBody ? { body: { encoding: 'utf8' as const, text: JSON.stringify(data) } } : {}),
      });
    },
  );

  // Binary and multipart bodies (firmware upload): the bytes travel base64 in the link envelope.
  app.register(async (plugin) => {
    const raw = plugin.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: deps.rawBodyLimit }, (_req, body, done) =>
      done(null, body),
    );
    raw.post(
      CLOUD_ROUTES['cloud.relay.raw'].path,
      {
        schema: {
          summary: routeDef('cloud.relay.raw').summary,
          params: RelayGatewayParams,
          querystring: RelayRawQuery,
        },
        bodyLimit: deps.rawBodyLimit,
      },
      async (req, reply) => {
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const contentType = req.headers['content-type'];
        return run(
          req,
          reply,
          req.params.gatewayId,
          {
            kind: 'relay',
            method: req.query.method,
            url: req.query.url,
            headers: contentType ? { 'content-type': contentType } : {},
            ...(bytes.length > 0 ? { body: encodeLinkBody(bytes, contentType) } : {}),
          },
          transferAllowanceMs(bytes.length),
        );
      },
    );
  });
}

function sendAnswer(reply: FastifyReply, answer: LinkResponse, totalMs: number): FastifyReply {
  const { gatewayMs, deviceMs } = answer.timings;
  const timing = [
    { name: 'cloud', durMs: totalMs },
    { name: 'link', durMs: Math.max(0, totalMs - gatewayMs) },
    { name: 'gateway', durMs: gatewayMs },
    ...(deviceMs !== undefined ? [{ name: 'device', durMs: deviceMs }] : []),
  ];
  setServerTiming(reply.code(answer.status), timing);
  for (const [name, value] of Object.entries(answer.headers)) {
    if (PASSED_HEADERS.has(name.toLowerCase())) reply.header(name, value);
  }
  const body = answer.body ? Buffer.from(decodeLinkBody(answer.body)) : undefined;
  return body && body.length > 0 ? reply.send(body) : reply.send();
}

import {
  ApiError,
  BACKUP_CLOUD_ROUTES,
  BackupCopy,
  type CloudBackupVersionDetail,
  LINK_DESTINATIONS,
  maskSettingsDumpSecrets,
  parseSettingsDump,
  ROLE_RANK,
} from '@st/protocol';
import type { HttpApp, Logger } from '@st/server-kit';
import { StompRefusal, type StompServer } from '@st/stomp';
import type { FastifyRequest } from 'fastify';
import type { GatewayStore } from '../gateways/store';
import type { RequestAuth } from '../http/requestAuth';
import { effectiveRole } from '../http/tokenAccess';
import type { LivePrincipal } from '../live/stomp';
import { requireRole } from '../shares/access';
import type { CloudBackupStore } from './store';

export interface BackupRouteDeps {
  backups: CloudBackupStore;
  gateways: GatewayStore;
  auth: RequestAuth;
}

/**
 * The cloud's backup copies: a gateway's operators and owners list them (anyone else gets 404, as for the gateway
 * itself); a gateway reads its own record's copies with its token (a new gateway pulls them).
 */
export function registerBackupRoutes(app: HttpApp, deps: BackupRouteDeps): void {
  const { backups, gateways, auth } = deps;
  const list = BACKUP_CLOUD_ROUTES['cloud.backups.list'];
  app.get(
    list.path,
    { schema: { params: list.params, summary: list.summary, response: { 200: list.response } } },
    async (req) => {
      const user = await auth.userOrToken(req);
      const member = await gateways.get(user.userId, req.params.gatewayId);
      // The copies hold the devices' settings dumps (Wi-Fi passwords included): like exporting settings, an
      // operator's or owner's right; a viewer gets 403, anyone else 404.
      const g = requireRole(
        member && { ...member, role: effectiveRole(user, member.id, member.role) },
        req.params.gatewayId,
        'operator',
        'read its backup copies',
      );
      return backups.list(g.id);
    },
  );
  registerBrowseRoutes(app, deps);
  const own = BACKUP_CLOUD_ROUTES['cloud.backups.own'];
  app.get(own.path, { schema: { summary: own.summary, response: { 200: own.response } } }, async (req) => {
    const gateway = await auth.gateway(req);
    return backups.list(gateway.gatewayId);
  });
}

/**
 * Browsing the cloud's copies, which works while the gateway is offline: any member lists a gateway's versions
 * (without their settings), opens one and downloads its settings dump; a viewer's dump has the Wi-Fi password
 * masked (as the gateway's own backup screen masks it for a viewer through the relay). Not a member: 404.
 */
function registerBrowseRoutes(app: HttpApp, deps: BackupRouteDeps): void {
  const { backups, gateways, auth } = deps;
  const member = async (req: FastifyRequest, gatewayId: string) => {
    const user = await auth.userOrToken(req);
    const g = await gateways.get(user.userId, gatewayId);
    return requireRole(
      g && { ...g, role: effectiveRole(user, g.id, g.role) },
      gatewayId,
      'viewer',
      'browse its backup copies',
    );
  };
  const detail = async (req: FastifyRequest, gatewayId: string, id: string) => {
    const g = await member(req, gatewayId);
    const copy = await backups.get(g.id, id);
    if (copy === undefined) throw new ApiError('BACKUP_VERSION_NOT_FOUND');
    const masked = ROLE_RANK[g.role] < ROLE_RANK.operator;
    const { dump, ...version } = copy;
    const out: CloudBackupVersionDetail = {
      ...version,
      dump: masked ? maskSettingsDumpSecrets(dump) : dump,
      secretsMasked: masked,
    };
    return out;
  };

  const versions = BACKUP_CLOUD_ROUTES['cloud.backups.versions'];
  app.get(
    versions.path,
    {
      schema: {
        params: versions.params,
        querystring: versions.query,
        summary: versions.summary,
        response: { 200: versions.response },
      },
    },
    async (req) => {
      const g = await member(req, req.params.gatewayId);
      const copies = await backups.list(g.id, req.query.ip);
      return copies.map(({ dump: _dump, ...version }) => version);
    },
  );
  const one = BACKUP_CLOUD_ROUTES['cloud.backups.version'];
  app.get(
    one.path,
    { schema: { params: one.params, summary: one.summary, response: { 200: one.response } } },
    async (req) => detail(req, req.params.gatewayId, req.params.id),
  );
  const file = BACKUP_CLOUD_ROUTES['cloud.backups.download'];
  app.get(file.path, { schema: { params: file.params, summary: file.summary } }, async (req, reply) => {
    const version = await detail(req, req.params.gatewayId, req.params.id);
    const day = version.creationDateTime.slice(0, 19).replace(/:/g, '-');
    const name = `${version.device.name}-${version.ip}-${day}.txt`.replace(/[^\w.-]+/g, '_');
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(version.dump);
  });
}

/**
 * Keeps each backup version a linked gateway sends over its link. The STOMP RECEIPT the gateway asks for is sent
 * once the handler finished, so it confirms the copy is stored; only then does the gateway mark it sent. A copy
 * the cloud will not keep (malformed) is confirmed too, with a warning: refusing it would end the link, and the
 * gateway would send it again after every reconnect. Returns the remover.
 */
export function receiveLinkBackups(
  stomp: StompServer<LivePrincipal>,
  backups: CloudBackupStore,
  logger: Logger,
): () => void {
  return stomp.handle(LINK_DESTINATIONS.backups, async (ctx) => {
    const p = ctx.principal;
    if (p.kind !== 'gateway') throw new StompRefusal('Only a gateway link may send backups');
    const refused = (reason: string) => logger.warn({ gateway: p.gatewayId, reason }, 'backup copy not kept');
    let json: unknown;
    try {
      json = JSON.parse(ctx.text());
    } catch {
      return refused('not JSON');
    }
    const copy = BackupCopy.safeParse(json);
    if (!copy.success) return refused(`malformed: ${copy.error.issues[0]?.message ?? 'invalid'}`);
    const dump = parseSettingsDump(copy.data.dump);
    if (!dump.ok) return refused(`not a settings dump: ${dump.error}`);
    await backups.add(p.gatewayId, copy.data);
    logger.debug({ gateway: p.gatewayId, backup: copy.data.id }, 'backup kept');
  });
}

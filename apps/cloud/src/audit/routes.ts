import { ACCOUNT_ROUTES, AuditQuery, routeDef } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { GatewayStore } from '../gateways/store';
import type { RequestAuth } from '../http/requestAuth';
import type { UserStore } from '../users/users';
import { type AuditLog, auditCsv } from './log';

export interface AuditRouteDeps {
  audit: AuditLog;
  gateways: GatewayStore;
  users: UserStore;
  auth: RequestAuth;
}

/** `GET /api/audit`: admins read everything, other users the trail of the gateways they own. */
export function registerAuditRoutes(app: HttpApp, deps: AuditRouteDeps): void {
  const { audit, gateways, users, auth } = deps;
  app.get(
    ACCOUNT_ROUTES['cloud.audit'].path,
    { schema: { summary: routeDef('cloud.audit').summary, querystring: AuditQuery } },
    async (req, reply) => {
      const me = await auth.user(req);
      const all = await users.isAdmin(me.userId);
      const owned = all
        ? []
        : (await gateways.list(me.userId)).filter((g) => g.role === 'owner').map((g) => g.id);
      const entries = await audit.query(req.query, { all, gatewayIds: owned });
      if (req.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit.csv"')
          .send(auditCsv(entries));
      }
      return entries;
    },
  );
}

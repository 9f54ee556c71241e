import type { HttpApp, StopStep } from '@st/server-kit';
import type { Logger } from 'pino';
import type { AuditLog } from '../audit/log';
import { registerAuditRoutes } from '../audit/routes';
import type { SessionStore } from '../auth/sessions';
import type { GatewayStore } from '../gateways/store';
import type { RequestAuth } from '../http/requestAuth';
import type { LinkManager } from '../link/links';
import { registerUserRoutes } from '../users/routes';
import type { UserStore } from '../users/users';
import { registerShareRoutes } from './routes';
import type { ShareStore } from './store';
import { ShareSweeper } from './sweeper';

export interface AccountsDeps {
  users: UserStore;
  sessions: SessionStore;
  gateways: GatewayStore;
  shares: ShareStore;
  auth: RequestAuth;
  audit: AuditLog;
  links: LinkManager;
}

/**
 * Users admin, shares (with the expiry sweeper) and the audit trail. An ended share or a revoked session also
 * ends its live channels on this node's links. Answers the sweeper's stop step.
 */
export function registerAccounts(
  app: HttpApp,
  d: AccountsDeps,
  opts: { log: Logger; shareSweepMs: number },
): StopStep {
  const { log } = opts;
  const onShareEnded = (gatewayId: string, userId: string) =>
    void d.links
      .endMember(gatewayId, userId)
      .catch((err) => log.error({ err }, 'ending live channels failed'));
  const onSessionsRevoked = (ids: string[]) => {
    for (const id of ids) void d.links.endUserSession(id).catch(() => undefined);
  };
  registerShareRoutes(app, { ...d, onShareEnded });
  registerUserRoutes(app, { ...d, onSessionsRevoked });
  registerAuditRoutes(app, d);
  const sweeper = new ShareSweeper(d.shares, d.audit, onShareEnded, log, opts.shareSweepMs);
  sweeper.start();
  return { name: 'shares', stop: () => sweeper.stop() };
}

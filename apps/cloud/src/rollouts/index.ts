import type { HttpApp, Logger } from '@st/server-kit';
import type { AuditLog } from '../audit/log';
import type { CloudDb } from '../db/connect';
import type { GatewayStore } from '../gateways/store';
import type { RequestAuth } from '../http/requestAuth';
import type { Presence } from '../link/presence';
import type { Relay } from '../relay/relay';
import type { Cluster } from '../scale/cluster';
import { type RolloutAlertDeps, RolloutAlerts } from './alerts';
import { RolloutDriver, type RolloutDriverOptions } from './driver';
import { GatewayCalls } from './gatewayCalls';
import { registerCloudRolloutRoutes } from './routes';
import { CloudRolloutService } from './service';
import { CloudRolloutStore } from './store';

export interface CloudRolloutDeps {
  db: CloudDb;
  relay: Relay;
  gateways: GatewayStore;
  presence: Presence;
  cluster: Cluster;
  auth: RequestAuth;
  audit: AuditLog;
  logger: Logger;
  isAdmin(userId: string): Promise<boolean>;
  /** the creator's cloud alert channels and the sender (the gateway watch's, with retries) */
  alerts?: Pick<RolloutAlertDeps, 'settings' | 'send'>;
}

/** Rollouts across gateways (README.md): routes, and the driver started on this node. Returns its stop. */
export function registerCloudRollouts(
  app: HttpApp,
  deps: CloudRolloutDeps,
  opts: RolloutDriverOptions,
): { name: string; stop: () => Promise<void> } {
  const store = new CloudRolloutStore(deps.db);
  const calls = new GatewayCalls(deps.relay);
  const alerts = new RolloutAlerts(
    deps.alerts && {
      ...deps.alerts,
      gatewayName: async (id) => (await deps.gateways.byId(id))?.name,
      logger: deps.logger,
    },
  );
  const driver = new RolloutDriver(store, calls, deps.presence, deps.cluster, deps.logger, opts, alerts);
  const poke = () => driver.poke();
  const service = new CloudRolloutService(store, deps.gateways, deps.presence, calls, poke, alerts);
  registerCloudRolloutRoutes(app, {
    service,
    store,
    auth: deps.auth,
    audit: deps.audit,
    isAdmin: deps.isAdmin,
  });
  driver.start();
  return { name: 'rollouts', stop: () => driver.stop() };
}

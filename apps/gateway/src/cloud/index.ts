import { type ConnectionStatus, TOPICS } from '@st/protocol';
import type { HttpApp, Logger } from '@st/server-kit';
import type { JsonPublishing } from '@st/stomp';
import type { GatewayBus } from '../events/gatewayEvents';
import { CredentialsFile } from './credentials';
import { CloudLink, type CloudLinkOptions } from './link';
import { registerCloudRoutes } from './routes';

export type { CloudLinkOptions } from './link';

export interface CloudPartDeps {
  app: HttpApp;
  bus: GatewayBus;
  stomp: JsonPublishing;
  dataDir: string;
  logger: Logger;
  /** told of every link status change (backups flush their backlog on CONNECTED) */
  onStatus?: (status: ConnectionStatus) => void;
}

/**
 * The cloud link of a gateway: registers `/api/cloud/*` now and returns the part that starts (connecting
 * when the user left it connected) and stops the link.
 */
export function createCloudPart(deps: CloudPartDeps, opts: CloudLinkOptions = {}) {
  const logger = deps.logger.child({ part: 'cloud' });
  const status = TOPICS['gateway.connection.status'].pattern;
  const link = new CloudLink(
    {
      app: deps.app,
      bus: deps.bus,
      file: new CredentialsFile(deps.dataDir),
      logger,
      publishStatus: (s, problem) => {
        deps.onStatus?.(s);
        void deps.stomp
          .publishJson(status, problem ? { status: s, problem } : { status: s })
          .catch((err) => logger.warn({ err }, 'status publish failed'));
      },
    },
    opts,
  );
  registerCloudRoutes(deps.app, link);
  return {
    name: 'cloud link',
    link,
    /** for topics published outside the gateway bus (OTA progress) */
    forward: (topic: string, payload: unknown) => link.forward(topic, payload),
    start: () => link.start(),
    stop: () => link.stop(),
  };
}

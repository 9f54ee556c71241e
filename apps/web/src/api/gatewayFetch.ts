import type { GatewayRef } from '@st/protocol';
import { CLOUD_ROUTES } from '@st/protocol';
import type { ConsoleMode } from '../app/runtime';
import { GatewayOfflineError } from './errors';
import type { HttpClient } from './http';
import { cloudRequest } from './routes';
import type { GatewayCall } from './transport';

export type { GatewayCall } from './transport';

/** A gateway as far as a call needs it: `online` is known for listed gateways, absent for ones named by a message. */
export type GatewayTarget = GatewayRef & { online?: boolean };

export type GatewayFetch = <T>(gateway: GatewayTarget | undefined, call: GatewayCall<T>) => Promise<T>;

export interface GatewayFetchOptions {
  mode: ConsoleMode;
  http: HttpClient;
  /** Tells the user the request was not sent (spec: 'Gateway is offline!'). */
  onGatewayOffline: (gateway: GatewayTarget) => void;
}

/**
 * The one way features talk to a gateway. In gateway mode the call goes straight to the gateway; in cloud
 * mode it goes through the cloud relay, which replays it on the gateway and passes status and body back.
 */
export function createGatewayFetch(options: GatewayFetchOptions): GatewayFetch {
  const { mode, http, onGatewayOffline } = options;
  return async <T>(gateway: GatewayTarget | undefined, call: GatewayCall<T>): Promise<T> => {
    if (mode === 'gateway') {
      return http.request({ method: call.method, path: call.url, body: call.data, schema: call.schema });
    }
    if (gateway === undefined) throw new Error('A gateway is required to call its API through the cloud');
    if (gateway.online === false) {
      onGatewayOffline(gateway);
      throw new GatewayOfflineError(gateway.name);
    }
    const relay = cloudRequest(CLOUD_ROUTES, 'cloud.relay.request', {
      params: { gatewayId: gateway.id },
      body: { url: call.url, method: call.method, data: call.data },
    });
    // The relay passes the gateway's status and body through: parse them as that gateway route's answer.
    return http.request({ ...relay, schema: call.schema });
  };
}

import type { CloudLoginPayload } from '@st/protocol';
import { GATEWAY_ROUTES } from '@st/protocol';
import type { HttpClient } from '../../api/http';
import { gatewayRequest } from '../../api/routes';

/** The gateway's own cloud-connection API (gateway mode only; the cloud may never relay these). */
export function cloudLinkApi(http: HttpClient) {
  return {
    /** null while the gateway has not logged in to a cloud. */
    identity: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.cloud.identity')),
    config: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.cloud.config')),
    status: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.cloud.status')),
    problem: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.cloud.problem')),
    login: (payload: CloudLoginPayload) =>
      http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.cloud.login', { body: payload })),
    logout: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.cloud.logout')),
    connect: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.cloud.connect')),
    disconnect: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.cloud.disconnect')),
  };
}

export type CloudLinkApi = ReturnType<typeof cloudLinkApi>;

export const cloudLinkKeys = {
  identity: ['cloud', 'identity'] as const,
  config: ['cloud', 'config'] as const,
  status: ['cloud', 'status'] as const,
  problem: ['cloud', 'problem'] as const,
};

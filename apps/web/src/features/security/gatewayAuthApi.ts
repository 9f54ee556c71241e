import { GATEWAY_ROUTES } from '@st/protocol';
import type { HttpClient } from '../../api/http';
import { gatewayRequest } from '../../api/routes';

/** The gateway's optional sign-in (gateway mode only; never relayed). */
export function gatewayAuthApi(http: HttpClient) {
  return {
    state: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.auth.state')),
    signIn: (password: string) =>
      http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.auth.signIn', { body: { password } })),
    signOut: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.auth.signOut')),
    setPassword: (password: string) =>
      http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.auth.setPassword', { body: { password } })),
  };
}

export const gatewayAuthKey = ['gateway', 'auth'] as const;

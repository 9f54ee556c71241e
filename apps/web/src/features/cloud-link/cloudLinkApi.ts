import { CloudConfig, CloudIdentity, type CloudLoginPayload, ConnectionStatus } from '@st/protocol';
import { z } from 'zod';
import { statusOf } from '../../api/errors';
import type { HttpClient } from '../../api/http';

// A gateway that never logged in answers an empty body (or 404 from our gateway); both mean "none".
const nothingOn404 = async <T>(call: Promise<T>): Promise<T | null> => {
  try {
    return await call;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
};

/** The gateway's own cloud-connection API (gateway mode only; never relayed). */
export function cloudLinkApi(http: HttpClient) {
  return {
    identity: () =>
      nothingOn404(
        http.request({ method: 'GET', path: '/api/cloud/identity', schema: CloudIdentity.nullable() }),
      ),
    config: () =>
      nothingOn404(
        http.request({ method: 'GET', path: '/api/cloud/config', schema: CloudConfig.nullable() }),
      ),
    status: () =>
      http.request({ method: 'GET', path: '/api/cloud/connection/status', schema: ConnectionStatus }),
    login: (payload: CloudLoginPayload) =>
      http.request({ method: 'POST', path: '/api/cloud/login', body: payload, schema: z.unknown() }),
    logout: () => http.request({ method: 'DELETE', path: '/api/cloud/logout', schema: z.unknown() }),
    connect: () =>
      http.request({ method: 'PUT', path: '/api/cloud/connection/connect', schema: z.unknown() }),
    disconnect: () =>
      http.request({ method: 'PUT', path: '/api/cloud/connection/disconnect', schema: z.unknown() }),
  };
}

export type CloudLinkApi = ReturnType<typeof cloudLinkApi>;

export const cloudLinkKeys = {
  identity: ['cloud', 'identity'] as const,
  config: ['cloud', 'config'] as const,
  status: ['cloud', 'status'] as const,
};

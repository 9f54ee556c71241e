import { Gateway, TokenResponse } from '@st/protocol';
import { z } from 'zod';
import type { HttpClient } from '../../api/http';

export interface GatewayDraft {
  name: string;
  description: string;
}

const GatewayList = z
  .array(Gateway)
  .nullable()
  .transform((list) => list ?? []);
const path = (id: string) => encodeURIComponent(id);

/** The cloud's gateway management calls (spec section 7, "Cloud API"). */
export function gatewaysApi(http: HttpClient) {
  return {
    list: () => http.request({ method: 'GET', path: '/api/gateway/management/list', schema: GatewayList }),
    get: (id: string) =>
      http.request({ method: 'GET', path: `/api/gateway/management/${path(id)}`, schema: Gateway }),
    create: (draft: GatewayDraft) =>
      http.request({
        method: 'POST',
        path: '/api/gateway/management/create',
        body: draft,
        schema: z.unknown(),
      }),
    update: (id: string, draft: GatewayDraft) =>
      http.request({
        method: 'PUT',
        path: '/api/gateway/management/update',
        body: { id, ...draft },
        schema: z.unknown(),
      }),
    remove: (id: string) =>
      http.request({
        method: 'DELETE',
        path: `/api/gateway/management/delete/${path(id)}`,
        schema: z.unknown(),
      }),
    /** A new gateway token; an empty one counts as a failure (spec section 8). */
    generateToken: async (id: string): Promise<string> => {
      const answer = await http.request({
        method: 'POST',
        path: `/api/auth/gateway/${path(id)}`,
        schema: TokenResponse,
      });
      if (answer.token === '') throw new Error('The cloud answered an empty token');
      return answer.token;
    },
    deleteToken: (id: string) =>
      http.request({ method: 'POST', path: `/api/auth/gateway/logout/${path(id)}`, schema: z.unknown() }),
  };
}

export type GatewaysApi = ReturnType<typeof gatewaysApi>;

export const gatewayKeys = {
  list: ['gateways'] as const,
  one: (id: string) => ['gateway', id] as const,
};

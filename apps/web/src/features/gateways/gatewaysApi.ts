import { CLOUD_ROUTES } from '@st/protocol';
import type { HttpClient } from '../../api/http';
import { cloudRequest } from '../../api/routes';

export interface GatewayDraft {
  name: string;
  description: string;
}

/** The cloud's gateway management calls (spec section 7, "Cloud API"). */
export function gatewaysApi(http: HttpClient) {
  return {
    list: () => http.request(cloudRequest(CLOUD_ROUTES, 'cloud.gateways.list')),
    get: (id: string) => http.request(cloudRequest(CLOUD_ROUTES, 'cloud.gateways.get', { params: { id } })),
    create: (draft: GatewayDraft) =>
      http.request(cloudRequest(CLOUD_ROUTES, 'cloud.gateways.create', { body: draft })),
    update: (id: string, draft: GatewayDraft) =>
      http.request(cloudRequest(CLOUD_ROUTES, 'cloud.gateways.update', { body: { id, ...draft } })),
    remove: (id: string) =>
      http.request(cloudRequest(CLOUD_ROUTES, 'cloud.gateways.delete', { params: { id } })),
    /** A new gateway token (the schema already refuses an empty one: spec section 8 counts it as an error). */
    generateToken: async (id: string): Promise<string> =>
      (await http.request(cloudRequest(CLOUD_ROUTES, 'cloud.gatewayToken.create', { params: { id } }))).token,
    deleteToken: (id: string) =>
      http.request(cloudRequest(CLOUD_ROUTES, 'cloud.gatewayToken.delete', { params: { id } })),
  };
}

export type GatewaysApi = ReturnType<typeof gatewaysApi>;

export const gatewayKeys = {
  list: ['gateways'] as const,
  one: (id: string) => ['gateway', id] as const,
};

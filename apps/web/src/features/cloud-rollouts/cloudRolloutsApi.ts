import {
  CLOUD_ROLLOUT_ROUTES,
  CLOUD_ROUTES,
  type CloudRolloutCreate,
  type CloudRolloutPreviewRequest,
  OTA_ROUTES,
  type RolloutAction,
} from '@st/protocol';
import type { GatewayFetch, GatewayTarget } from '../../api/gatewayFetch';
import type { HttpClient } from '../../api/http';
import { cloudRequest, gatewayCall } from '../../api/routes';

/** Rollouts across gateways and gateway tags (cloud routes), and a source gateway's firmware library (relayed). */
export function cloudRolloutsApi(http: HttpClient, gatewayFetch: GatewayFetch) {
  const req = http.request.bind(http);
  return {
    list: () => req(cloudRequest(CLOUD_ROLLOUT_ROUTES, 'cloud.rollouts.list')),
    get: (id: string) => req(cloudRequest(CLOUD_ROLLOUT_ROUTES, 'cloud.rollouts.get', { params: { id } })),
    create: (body: CloudRolloutCreate) =>
      req(cloudRequest(CLOUD_ROLLOUT_ROUTES, 'cloud.rollouts.create', { body })),
    preview: (body: CloudRolloutPreviewRequest) =>
      req(cloudRequest(CLOUD_ROLLOUT_ROUTES, 'cloud.rollouts.preview', { body })),
    act: (id: string, action: RolloutAction['action']) =>
      req(cloudRequest(CLOUD_ROLLOUT_ROUTES, 'cloud.rollouts.action', { params: { id }, body: { action } })),
    remove: (id: string) =>
      req(cloudRequest(CLOUD_ROLLOUT_ROUTES, 'cloud.rollouts.delete', { params: { id } })),
    gateways: () => req(cloudRequest(CLOUD_ROUTES, 'cloud.gateways.list')),
    setTags: (id: string, tags: string[]) =>
      req(cloudRequest(CLOUD_ROLLOUT_ROUTES, 'cloud.gateways.tags', { params: { id }, body: { tags } })),
    firmwares: (gateway: GatewayTarget) =>
      gatewayFetch(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.firmware.list')),
  };
}

export type CloudRolloutsApi = ReturnType<typeof cloudRolloutsApi>;

export const cloudRolloutKeys = {
  all: ['cloud-rollouts'] as const,
  list: ['cloud-rollouts', 'list'] as const,
  one: (id: string) => ['cloud-rollouts', 'one', id] as const,
  preview: (body: string) => ['cloud-rollouts', 'preview', body] as const,
  firmwares: (gatewayId: string) => ['cloud-rollouts', 'firmwares', gatewayId] as const,
};

import { z } from 'zod';
import { Gateway } from '../entities/cloud';
import {
  CloudRollout,
  CloudRolloutCreate,
  CloudRolloutPreview,
  CloudRolloutPreviewRequest,
  CloudRolloutSummary,
  GatewayTagsBody,
} from '../entities/cloudRollouts';
import { IdParams, OkResponse } from '../entities/common';
import { RolloutAction } from '../entities/rollouts';
import { route } from './define';

// Gateway tags and rollouts across gateways, run by the cloud (issue 37). Not relayed: the cloud itself drives
// each gateway's part through the link. Viewers see; operators and owners of every gateway involved run.

const cloud = { server: 'cloud', relayable: false } as const;

export const CLOUD_ROLLOUT_ROUTES = {
  'cloud.gateways.tags': route({
    ...cloud,
    method: 'PUT',
    path: '/api/gateway/management/:id/tags',
    params: IdParams,
    body: GatewayTagsBody,
    response: Gateway,
    summary: "Set a gateway's tags (an empty list removes them); operators and owners",
  }),
  'cloud.rollouts.list': route({
    ...cloud,
    method: 'GET',
    path: '/api/cloud-rollouts',
    response: z.array(CloudRolloutSummary),
    summary: 'Rollouts across gateways the caller can see, newest first',
  }),
  'cloud.rollouts.preview': route({
    ...cloud,
    method: 'POST',
    path: '/api/cloud-rollouts/preview',
    body: CloudRolloutPreviewRequest,
    response: CloudRolloutPreview,
    summary: 'How many devices the target matches on each gateway now (nothing starts)',
  }),
  'cloud.rollouts.get': route({
    ...cloud,
    method: 'GET',
    path: '/api/cloud-rollouts/:id',
    params: IdParams,
    response: CloudRollout,
    summary: "One rollout across gateways with every gateway's progress and per-device verdicts",
  }),
  'cloud.rollouts.create': route({
    ...cloud,
    method: 'POST',
    path: '/api/cloud-rollouts',
    body: CloudRolloutCreate,
    response: CloudRollout,
    successStatus: 201,
    summary: "Start a rollout of one gateway's library firmware over several gateways, in waves",
  }),
  'cloud.rollouts.action': route({
    ...cloud,
    method: 'POST',
    path: '/api/cloud-rollouts/:id/action',
    params: IdParams,
    body: RolloutAction,
    response: CloudRollout,
    summary: 'Pause, resume, cancel a rollout across gateways, or retry its failed devices',
  }),
  'cloud.rollouts.delete': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/cloud-rollouts/:id',
    params: IdParams,
    response: OkResponse,
    summary:
      'Delete a finished or cancelled rollout across gateways from the list (who started it, or an admin; 409 while it runs or is paused)',
  }),
} as const;

import { z } from 'zod';
import { DeviceIpQuery, OkResponse } from '../entities/common';
import {
  Rollout,
  RolloutAction,
  RolloutCreate,
  RolloutDeviceStates,
  RolloutIdParams,
  RolloutPreview,
  RolloutSummary,
} from '../entities/rollouts';
import { DeviceTagMap, DeviceTagsAnswer, DeviceTagsBody, DeviceTagsBulk } from '../entities/tags';
import { route } from './define';

// Device tags and firmware rollouts (issue 37). Relayable: the console runs them the same way in cloud mode
// (access.ts: viewers read, operators and owners write).

const gateway = { server: 'gateway', relayable: true } as const;

export const TAG_ROUTES = {
  'gateway.devices.tags.list': route({
    ...gateway,
    method: 'GET',
    path: '/api/devices/tags',
    response: DeviceTagMap,
    summary: 'Every device with tags: address -> tags',
  }),
  'gateway.devices.tags.set': route({
    ...gateway,
    method: 'PUT',
    path: '/api/devices/tags',
    query: DeviceIpQuery,
    body: DeviceTagsBody,
    response: DeviceTagsAnswer,
    summary: "Set one device's tags (an empty list removes them)",
  }),
  'gateway.devices.tags.bulk': route({
    ...gateway,
    method: 'POST',
    path: '/api/devices/tags/bulk',
    body: DeviceTagsBulk,
    response: DeviceTagMap,
    summary: 'Add and/or remove tags on many devices; answers their tags now',
  }),
} as const;

export const ROLLOUT_ROUTES = {
  'gateway.rollouts.list': route({
    ...gateway,
    method: 'GET',
    path: '/api/rollouts',
    response: z.array(RolloutSummary),
    summary: 'Every rollout, newest first (without device lists)',
  }),
  'gateway.rollouts.devices': route({
    ...gateway,
    method: 'GET',
    path: '/api/rollouts/devices',
    response: RolloutDeviceStates,
    summary: "Each device in a running or paused rollout: that rollout and the device's state in it",
  }),
  'gateway.rollouts.get': route({
    ...gateway,
    method: 'GET',
    path: '/api/rollouts/:id',
    params: RolloutIdParams,
    response: Rollout,
    summary: 'One rollout with its waves and every device',
  }),
  'gateway.rollouts.create': route({
    ...gateway,
    method: 'POST',
    path: '/api/rollouts',
    body: RolloutCreate,
    response: Rollout,
    successStatus: 201,
    summary: 'Start a rollout of a library firmware to a target, in waves',
  }),
  'gateway.rollouts.preview': route({
    ...gateway,
    method: 'POST',
    path: '/api/rollouts/preview',
    body: RolloutCreate.pick({ firmwareId: true, target: true }),
    response: RolloutPreview,
    summary: 'How many devices a target matches now, and which would be skipped (nothing starts)',
  }),
  'gateway.rollouts.action': route({
    ...gateway,
    method: 'POST',
    path: '/api/rollouts/:id/action',
    params: RolloutIdParams,
    body: RolloutAction,
    response: Rollout,
    summary: 'Pause, resume, cancel a rollout, or retry its failed devices',
  }),
  'gateway.rollouts.delete': route({
    ...gateway,
    method: 'DELETE',
    path: '/api/rollouts/:id',
    params: RolloutIdParams,
    response: OkResponse,
    summary: 'Remove a finished or cancelled rollout from the list',
  }),
} as const;

import { z } from 'zod';
import { DeviceIpQuery, OkResponse } from '../entities/common';
import { HistoryQuery, HistoryResponse, OverviewRow } from '../entities/samples';
import { DeviceTagFilter } from '../entities/tags';
import { route } from './define';

// Sensor history and the fleet overview (issue 15). Relayable: the cloud stores no history, it relays these.

const history = { server: 'gateway', relayable: true } as const;

/** `PUT /api/devices/history/excluded?ip=`: whether the sampler skips this device. */
export const SampleExclusion = z.object({ excluded: z.boolean() });
export type SampleExclusion = z.infer<typeof SampleExclusion>;

export const HISTORY_ROUTES = {
  'gateway.devices.history': route({
    ...history,
    method: 'GET',
    path: '/api/devices/history',
    query: HistoryQuery,
    response: HistoryResponse,
    summary: 'History of one sensor (or uptime / heap) of a device, at most about 1,000 points',
  }),
  'gateway.devices.history.export': route({
    ...history,
    method: 'GET',
    path: '/api/devices/history/export',
    query: HistoryQuery,
    response: z.string(),
    responseKind: 'binary',
    summary: 'The same history as CSV',
  }),
  'gateway.devices.history.excluded': route({
    ...history,
    method: 'PUT',
    path: '/api/devices/history/excluded',
    query: DeviceIpQuery,
    body: SampleExclusion,
    response: OkResponse,
    summary: 'Exclude a device from sampling, or include it again',
  }),
  'gateway.devices.overview': route({
    ...history,
    method: 'GET',
    path: '/api/devices/overview',
    query: DeviceTagFilter,
    response: z.array(OverviewRow),
    summary: 'Every known device with its latest readings, reboots and 24 h sparklines',
  }),
  'gateway.devices.seen.forget': route({
    ...history,
    method: 'DELETE',
    path: '/api/devices/seen',
    query: DeviceIpQuery,
    response: OkResponse,
    summary: 'Forget a device the gateway has seen: it leaves the overview until it is heard again',
  }),
} as const;

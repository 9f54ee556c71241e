import type { z } from 'zod';
import { DeviceInfoSchema } from '../device/index';
import { GatewayEvent } from '../entities/cloud';
import { ConnectionStatusMessage } from '../entities/connection';
import { GatewayNotification, Notification } from '../entities/notifications';
import { DeviceSampleSchema, LogMessage, OtaProgressMessage } from '../entities/streamed';

// Live-channel destinations (design.md "Live channel"), each with the schema of its payload. Gateway mode has
// no prefix; cloud mode has /secured/events and /secured/notifications for all of the user's gateways, and
// per-gateway device and OTA topics under /secured/gateway/{gatewayId}/.

export const TOPICS = {
  'gateway.devices.found': { pattern: '/devices/found', payload: DeviceInfoSchema },
  'gateway.devices.lost': { pattern: '/devices/lost', payload: DeviceInfoSchema },
  'gateway.devices.logs': { pattern: '/devices/logs', payload: LogMessage },
  'gateway.notifications': { pattern: '/notifications', payload: Notification },
  'gateway.connection.status': { pattern: '/connection/status', payload: ConnectionStatusMessage },
  'gateway.ota': { pattern: '/ota/{taskId}', payload: OtaProgressMessage },
  'cloud.events': { pattern: '/secured/events', payload: GatewayEvent },
  'cloud.notifications': { pattern: '/secured/notifications', payload: GatewayNotification },
  'cloud.devices.found': { pattern: '/secured/gateway/{gatewayId}/devices/found', payload: DeviceInfoSchema },
  'cloud.devices.lost': { pattern: '/secured/gateway/{gatewayId}/devices/lost', payload: DeviceInfoSchema },
  'cloud.devices.logs': { pattern: '/secured/gateway/{gatewayId}/devices/logs', payload: LogMessage },
  'cloud.ota': { pattern: '/secured/gateway/{gatewayId}/ota/{taskId}', payload: OtaProgressMessage },
  'gateway.devices.samples': { pattern: '/devices/samples', payload: DeviceSampleSchema },
  'cloud.devices.samples': {
    pattern: '/secured/gateway/{gatewayId}/devices/samples',
    payload: DeviceSampleSchema,
  },
} as const;

export type Topics = typeof TOPICS;
export type TopicName = keyof Topics;
export const TOPIC_NAMES = Object.keys(TOPICS) as TopicName[];
export type TopicPayload<N extends TopicName> = z.output<Topics[N]['payload']>;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
export type TopicParams<N extends TopicName> = Record<ParamNames<Topics[N]['pattern']>, string>;

type TopicArgs<N extends TopicName> = [ParamNames<Topics[N]['pattern']>] extends [never]
  ? [params?: TopicParams<N>]
  : [params: TopicParams<N>];

/** The destination string of a topic: `topicDestination('cloud.ota', { gatewayId, taskId })`. */
export function topicDestination<N extends TopicName>(name: N, ...[params]: TopicArgs<N>): string {
  const values: Record<string, string> = { ...params };
  return TOPICS[name].pattern.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || value === '' || value.includes('/')) {
      throw new Error(
        `Topic parameter "${key}" must be a non-empty string without "/" (got ${JSON.stringify(value)})`,
      );
    }
    return value;
  });
}

export interface TopicMatch {
  name: TopicName;
  params: Record<string, string>;
}

const MATCHERS = TOPIC_NAMES.map((name) => {
  const keys: string[] = [];
  const source = TOPICS[name].pattern
    .split(/(\{\w+\})/)
    .map((piece) => {
      const key = /^\{(\w+)\}$/.exec(piece)?.[1];
      if (key === undefined) return piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      keys.push(key);
      return '([^/]+)';
    })
    .join('');
  return { name, keys, regex: new RegExp(`^${source}$`) };
});

/** Which topic a destination string is, with its parameters; undefined for anything else. */
export function parseDestination(destination: string): TopicMatch | undefined {
  for (const { name, keys, regex } of MATCHERS) {
    const found = regex.exec(destination);
    if (found === null) continue;
    const params: Record<string, string> = {};
    keys.forEach((key, i) => {
      params[key] = found[i + 1] ?? '';
    });
    return { name, params };
  }
  return undefined;
}

/** Gateway topics the gateway may forward up its link (its cloud status stays local). */
const FORWARDED: Partial<Record<TopicName, TopicName>> = {
  'gateway.devices.found': 'cloud.devices.found',
  'gateway.devices.lost': 'cloud.devices.lost',
  'gateway.devices.logs': 'cloud.devices.logs',
  'gateway.notifications': 'cloud.notifications',
  'gateway.ota': 'cloud.ota',
  'gateway.devices.samples': 'cloud.devices.samples',
};

export function isForwardableGatewayTopic(destination: string): boolean {
  const match = parseDestination(destination);
  return match !== undefined && FORWARDED[match.name] !== undefined;
}

/** Where the cloud publishes what a gateway forwarded from one of its topics. */
export function cloudDestinationFor(gatewayDestination: string, gatewayId: string): string | undefined {
  const match = parseDestination(gatewayDestination);
  const target = match === undefined ? undefined : FORWARDED[match.name];
  if (match === undefined || target === undefined) return undefined;
  const params: Record<string, string> = { ...match.params, gatewayId };
  return TOPICS[target].pattern.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
}

/**
 * For a browser's per-gateway cloud subscription: which gateway and which of its topics must be forwarded.
 * (/secured/notifications spans every gateway of the user; see gatewayTopicForUserWide.)
 */
export function gatewayTopicFor(cloudDestination: string): { gatewayId: string; topic: string } | undefined {
  const match = parseDestination(cloudDestination);
  const gatewayId = match?.params.gatewayId;
  if (match === undefined || gatewayId === undefined) return undefined;
  const source = (Object.keys(FORWARDED) as TopicName[]).find((name) => FORWARDED[name] === match.name);
  if (source === undefined) return undefined;
  return { gatewayId, topic: TOPICS[source].pattern.replace('{taskId}', match.params.taskId ?? '') };
}

/** The gateway topic behind a user-wide cloud topic (every gateway of the user forwards it). */
export function gatewayTopicForUserWide(cloudDestination: string): string | undefined {
  return parseDestination(cloudDestination)?.name === 'cloud.notifications'
    ? TOPICS['gateway.notifications'].pattern
    : undefined;
}

// Live-channel destinations (design.md "Live channel"). Gateway mode has no prefix; cloud mode has
// /secured/events and /secured/notifications for all of the user's gateways, and per-gateway device and OTA
// topics under /secured/gateway/{gatewayId}/. Each topic's payload schema is in ./topics.ts (TOPICS): this
// module holds no schema, so a client that imports it carries only the schemas it subscribes with (issue 21).

export const TOPIC_PATTERNS = {
  'gateway.devices.found': '/devices/found',
  'gateway.devices.lost': '/devices/lost',
  'gateway.devices.logs': '/devices/logs',
  'gateway.notifications': '/notifications',
  'gateway.connection.status': '/connection/status',
  'gateway.ota': '/ota/{taskId}',
  'cloud.events': '/secured/events',
  'cloud.notifications': '/secured/notifications',
  'cloud.devices.found': '/secured/gateway/{gatewayId}/devices/found',
  'cloud.devices.lost': '/secured/gateway/{gatewayId}/devices/lost',
  'cloud.devices.logs': '/secured/gateway/{gatewayId}/devices/logs',
  'cloud.ota': '/secured/gateway/{gatewayId}/ota/{taskId}',
  'gateway.devices.samples': '/devices/samples',
  'cloud.devices.samples': '/secured/gateway/{gatewayId}/devices/samples',
  'gateway.rollouts': '/rollouts',
  'gateway.devices.restarting': '/devices/restarting',
  'cloud.devices.restarting': '/secured/gateway/{gatewayId}/devices/restarting',
  'cloud.rollouts': '/secured/gateway/{gatewayId}/rollouts',
} as const;

export type TopicName = keyof typeof TOPIC_PATTERNS;
export const TOPIC_NAMES = Object.keys(TOPIC_PATTERNS) as TopicName[];

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
export type TopicParams<N extends TopicName> = Record<ParamNames<(typeof TOPIC_PATTERNS)[N]>, string>;

type TopicArgs<N extends TopicName> = [ParamNames<(typeof TOPIC_PATTERNS)[N]>] extends [never]
  ? [params?: TopicParams<N>]
  : [params: TopicParams<N>];

/** The destination string of a topic: `topicDestination('cloud.ota', { gatewayId, taskId })`. */
export function topicDestination<N extends TopicName>(name: N, ...[params]: TopicArgs<N>): string {
  const values: Record<string, string> = { ...params };
  return TOPIC_PATTERNS[name].replace(/\{(\w+)\}/g, (_, key: string) => {
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
  const source = TOPIC_PATTERNS[name]
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
  'gateway.rollouts': 'cloud.rollouts',
  'gateway.devices.restarting': 'cloud.devices.restarting',
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
  return TOPIC_PATTERNS[target].replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');
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
  return { gatewayId, topic: TOPIC_PATTERNS[source].replace('{taskId}', match.params.taskId ?? '') };
}

/** The gateway topic behind a user-wide cloud topic (every gateway of the user forwards it). */
export function gatewayTopicForUserWide(cloudDestination: string): string | undefined {
  return parseDestination(cloudDestination)?.name === 'cloud.notifications'
    ? TOPIC_PATTERNS['gateway.notifications']
    : undefined;
}

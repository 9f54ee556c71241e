import { z } from 'zod';

// The gateway's integrations: the Home Assistant bridge over MQTT (GET/PUT /api/integrations/mqtt).

export const MQTT_LIMITS = { urlMax: 512, credentialMax: 256, topicMax: 64 } as const;

/** A topic level or prefix: MQTT-safe, no wildcards, no leading/trailing slash. */
const TopicPrefix = z
  .string()
  .trim()
  .min(1)
  .max(MQTT_LIMITS.topicMax)
  .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'letters, digits, _ and -, levels separated by /');

export const MqttUrl = z
  .string()
  .trim()
  .max(MQTT_LIMITS.urlMax)
  .regex(
    /^mqtts?:\/\/[^/\s@]+\/?$/,
    'expected mqtt://host[:port] or mqtts://host[:port] (login in its own fields)',
  );

/** Connection state of the bridge. */
export const MqttConnectionState = z.enum(['disabled', 'connecting', 'connected', 'error']);
export type MqttConnectionState = z.infer<typeof MqttConnectionState>;

export const MqttStatus = z.object({
  state: MqttConnectionState,
  /** the last connection error, when state is error (or connecting again after one) */
  error: z.string().optional(),
  /** devices whose discovery configs are on the broker */
  devices: z.number().int().nonnegative(),
});
export type MqttStatus = z.infer<typeof MqttStatus>;

/** What GET answers: never the password, only whether one is set. */
export const MqttSettings = z.object({
  enabled: z.boolean(),
  url: z.string(),
  username: z.string(),
  passwordSet: z.boolean(),
  discoveryPrefix: z.string(),
  baseTopic: z.string(),
  /** env: ST_MQTT_URL is set and the settings cannot be changed from the console */
  source: z.enum(['console', 'env']),
  status: MqttStatus,
});
export type MqttSettings = z.infer<typeof MqttSettings>;

/** PUT body. `password` absent keeps the saved one; "" clears it. */
export const MqttSettingsUpdate = z
  .object({
    enabled: z.boolean(),
    url: z.union([MqttUrl, z.literal('')]),
    username: z.string().max(MQTT_LIMITS.credentialMax).default(''),
    password: z.string().max(MQTT_LIMITS.credentialMax).optional(),
    discoveryPrefix: TopicPrefix.default('homeassistant'),
    baseTopic: TopicPrefix.default('smartthing'),
  })
  .refine((s) => !s.enabled || s.url !== '', { message: 'a broker URL is needed to enable', path: ['url'] })
  .refine((s) => s.discoveryPrefix !== s.baseTopic, {
    message: 'must differ from the discovery prefix',
    path: ['baseTopic'],
  });
export type MqttSettingsUpdate = z.infer<typeof MqttSettingsUpdate>;
export type MqttSettingsUpdateInput = z.input<typeof MqttSettingsUpdate>;

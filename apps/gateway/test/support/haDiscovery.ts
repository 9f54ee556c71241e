import { z } from 'zod';

// Home Assistant's MQTT discovery schema for the components the bridge uses, as HA documents them
// (home-assistant.io/integrations/{sensor,binary_sensor,button,number,text}.mqtt and mqtt#discovery): the
// required keys per component, the allowed values of the shared keys, and the topics each config names. HA
// itself is a Python process that cannot run here; this is what its voluptuous schemas check.

const topic = z
  .string()
  .min(1)
  .regex(/^[^#+]+$/, 'a topic without wildcards');
const Availability = z.object({
  topic,
  payload_available: z.string().optional(),
  payload_not_available: z.string().optional(),
  value_template: z.string().optional(),
});

export const HaDevice = z
  .object({
    identifiers: z.array(z.string().min(1)).min(1).optional(),
    connections: z.array(z.tuple([z.string(), z.string()])).optional(),
    name: z.string().min(1).optional(),
    model: z.string().optional(),
    manufacturer: z.string().optional(),
    sw_version: z.string().optional(),
    hw_version: z.string().optional(),
    via_device: z.string().optional(),
    configuration_url: z.url({ protocol: /^(https?|homeassistant)$/ }).optional(),
  })
  .strict()
  .refine((d) => d.identifiers || d.connections, 'a device needs identifiers or connections');

const common = {
  name: z.string().nullable().optional(),
  unique_id: z.string().min(1),
  device: HaDevice,
  availability: z.array(Availability).min(1).optional(),
  availability_topic: topic.optional(),
  availability_mode: z.enum(['all', 'any', 'latest']).optional(),
  entity_category: z.enum(['config', 'diagnostic']).optional(),
  origin: z.object({
    name: z.string().min(1),
    sw_version: z.string().optional(),
    support_url: z.url().optional(),
  }),
  icon: z.string().optional(),
  enabled_by_default: z.boolean().optional(),
  qos: z.number().int().min(0).max(2).optional(),
};

const SENSOR_CLASSES = [
  'temperature',
  'humidity',
  'pressure',
  'power',
  'illuminance',
  'voltage',
  'current',
  'energy',
  'carbon_dioxide',
  'battery',
  'duration',
  'data_size',
  'signal_strength',
  'timestamp',
] as const;
const BINARY_CLASSES = [
  'motion',
  'door',
  'window',
  'moisture',
  'smoke',
  'occupancy',
  'power',
  'connectivity',
] as const;

export const HA_COMPONENTS = {
  sensor: z
    .object({
      ...common,
      state_topic: topic,
      value_template: z.string().optional(),
      unit_of_measurement: z.string().optional(),
      device_class: z.enum(SENSOR_CLASSES).optional(),
      state_class: z.enum(['measurement', 'total', 'total_increasing']).optional(),
    })
    .strict(),
  binary_sensor: z
    .object({
      ...common,
      state_topic: topic,
      value_template: z.string().optional(),
      payload_on: z.string().optional(),
      payload_off: z.string().optional(),
      device_class: z.enum(BINARY_CLASSES).optional(),
    })
    .strict(),
  button: z
    .object({
      ...common,
      command_topic: topic,
      payload_press: z.string().optional(),
      device_class: z.enum(['identify', 'restart', 'update']).optional(),
    })
    .strict(),
  number: z
    .object({
      ...common,
      command_topic: topic,
      state_topic: topic.optional(),
      value_template: z.string().optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      step: z.number().positive().optional(),
      mode: z.enum(['auto', 'box', 'slider']).optional(),
    })
    .strict()
    .refine((n) => (n.min ?? 1) <= (n.max ?? 100), 'min must not exceed max'),
  text: z
    .object({
      ...common,
      command_topic: topic,
      state_topic: topic.optional(),
      value_template: z.string().optional(),
      min: z.number().int().min(0).optional(),
      max: z.number().int().min(1).max(255).optional(),
      mode: z.enum(['text', 'password']).optional(),
    })
    .strict(),
} as const;
export type HaComponent = keyof typeof HA_COMPONENTS;

/** `{prefix}/{component}/{node}/{object}/config` split, or undefined. */
export function parseDiscoveryTopic(prefix: string, t: string) {
  const m = new RegExp(`^${prefix}/([a-z_]+)/([A-Za-z0-9_-]+)/([A-Za-z0-9_-]+)/config$`).exec(t);
  if (!m?.[1] || !m[2] || !m[3]) return undefined;
  return { component: m[1], node: m[2], object: m[3] };
}

/** Does an MQTT subscription filter match a topic (+ one level, # the rest)? */
export function topicMatches(filter: string, t: string): boolean {
  const f = filter.split('/');
  const parts = t.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= parts.length) return false;
    if (f[i] !== '+' && f[i] !== parts[i]) return false;
  }
  return f.length === parts.length;
}

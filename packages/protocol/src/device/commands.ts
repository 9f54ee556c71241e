import { z } from 'zod';
import { HookDraftSchema } from './hooks';
import { parseSettingsDump } from './settings-dump';
import { hasMaskedSecret, MASKED_DUMP_MESSAGE } from './settings-dump-secrets';

// The 27 device commands of spec section 7 and the device HTTP call each one makes (firmware 1.0 routes;
// where the reference gateway and the firmware disagree, the firmware wins: gateway-server.md §4.2/§4.4).

export type DeviceHttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One HTTP call to a device: path includes the URL-encoded query; body is JSON text or the raw dump. */
export interface DeviceHttpRequest {
  method: DeviceHttpMethod;
  path: string;
  body?: string;
  contentType?: 'application/json' | 'application/octet-stream';
}

/**
 * How a command's answer is formed:
 * - `direct`: the device's answer is the answer.
 * - `hookById`: firmware 1.0 has no `/hooks/by/id`; the request lists the sensor's hooks and the caller picks
 *   the hook with the given id (pickHookById).
 * - `allHooks`: firmware 1.0 has no "all hooks" route; the request lists sensors (`GET /sensors`), then the
 *   caller runs `getHooks` for each and answers `{ [sensor]: Hook[] }`.
 */
export type DeviceAnswerKind = 'direct' | 'hookById' | 'allHooks';

export interface DeviceCommandDef<S extends z.ZodType> {
  params: S;
  /** false for reads: safe to repeat or cache. */
  changesState: boolean;
  /** The device reboots: a dropped connection or timeout is the expected outcome, not an error. */
  dropsConnection: boolean;
  answer: DeviceAnswerKind;
  request: (params: z.output<S>) => DeviceHttpRequest;
}

function def<S extends z.ZodType>(d: DeviceCommandDef<S>): DeviceCommandDef<S> {
  return d;
}

const none = z.object({}).optional();
const idParam = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, 'id must be an integer')]);
const text = z.string().min(1);
const intLike = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number),
]);
const configValue = z.union([z.string(), z.number(), z.boolean()]).transform(String);

function query(path: string, params: Record<string, string | number | undefined>): string {
  const parts = Object.entries(params)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

const get = (path: string): DeviceHttpRequest => ({ method: 'GET', path });
const json = (method: DeviceHttpMethod, path: string, body: unknown): DeviceHttpRequest => ({
  method,
  path,
  body: JSON.stringify(body),
  contentType: 'application/json',
});
const read = { changesState: false, dropsConnection: false, answer: 'direct' } as const;
const write = { changesState: true, dropsConnection: false, answer: 'direct' } as const;
const reboot = { changesState: true, dropsConnection: true, answer: 'direct' } as const;

export const DEVICE_COMMANDS = {
  health: def({ ...read, params: none, request: () => get('/health') }),
  getWiFi: def({ ...read, params: none, request: () => get('/wifi') }),
  setWiFi: def({
    ...write,
    params: z.object({ ssid: z.string(), password: z.string(), mode: intLike }),
    request: (p) => json('POST', '/wifi', { ssid: p.ssid, password: p.password, mode: p.mode }),
  }),
  getInfo: def({ ...read, params: none, request: () => get('/info/system') }),
  getActions: def({ ...read, params: none, request: () => get('/actions/info') }),
  saveName: def({
    ...write,
    params: z.object({ name: text }),
    request: (p) => json('PUT', '/info/system', { name: p.name }),
  }),
  callAction: def({
    ...write,
    params: z.object({ name: text }),
    request: (p) => get(query('/actions/call', { name: p.name })),
  }),
  actionSchedule: def({
    ...write,
    params: z.object({ name: text, callDelay: intLike.pipe(z.number().nonnegative()) }),
    request: (p) => json('PUT', '/actions/schedule', { name: p.name, callDelay: p.callDelay }),
  }),
  getConfigValues: def({ ...read, params: none, request: () => get('/config') }),
  saveConfigValues: def({
    ...write,
    // The device replaces ALL values with the body and clears non-strings: send every entry, as strings.
    params: z.object({ values: z.record(z.string(), configValue) }),
    request: (p) => json('POST', '/config', p.values),
  }),
  deleteConfigValue: def({
    ...write,
    params: z.object({ name: text }),
    request: (p) => ({ method: 'DELETE', path: query('/config', { name: p.name }) }),
  }),
  deleteAllConfigValues: def({
    ...write,
    params: none,
    request: () => ({ method: 'DELETE', path: '/config/delete/all' }),
  }),
  getSensors: def({ ...read, params: none, request: () => get('/sensors') }),
  getAllHooks: def({ ...read, answer: 'allHooks', params: none, request: () => get('/sensors') }),
  getHooks: def({
    ...read,
    params: z.object({ sensor: text }),
    request: (p) => get(query('/hooks', { sensor: p.sensor })),
  }),
  getHookById: def({
    ...read,
    answer: 'hookById',
    params: z.object({ sensor: text, id: idParam }),
    request: (p) => get(query('/hooks', { sensor: p.sensor })),
  }),
  getHooksTemplates: def({
    ...read,
    params: z.object({ sensor: text }),
    request: (p) => get(query('/hooks/templates', { sensor: p.sensor })),
  }),
  testHook: def({
    ...write,
    // Without `value` the device reads the sensor's current value; an empty `value=` would mean 0.
    params: z.object({ sensor: text, id: idParam, value: z.union([z.string(), z.number()]).optional() }),
    request: (p) => {
      const value = p.value === undefined || p.value === '' ? undefined : p.value;
      return get(query('/hooks/test', { sensor: p.sensor, id: p.id, value }));
    },
  }),
  createHook: def({
    ...write,
    params: z.object({ sensor: text, hook: HookDraftSchema }),
    request: (p) => json('POST', '/hooks', { sensor: p.sensor, hook: p.hook }),
  }),
  updateHook: def({
    ...write,
    params: z.object({ sensor: text, hook: HookDraftSchema.extend({ id: idParam }) }),
    request: (p) => json('PUT', '/hooks', { sensor: p.sensor, hook: p.hook }),
  }),
  deleteHook: def({
    ...write,
    params: z.object({ sensor: text, id: idParam }),
    request: (p) => ({ method: 'DELETE', path: query('/hooks', { sensor: p.sensor, id: p.id }) }),
  }),
  getFeatures: def({ ...read, params: none, request: () => get('/features') }),
  getMetrics: def({ ...read, params: none, request: () => get('/metrics') }),
  exportSettings: def({ ...read, params: none, request: () => get('/settings') }),
  importSettings: def({
    ...reboot,
    params: z.object({
      settings: z
        .string()
        .transform((s) => s.trim())
        .superRefine((s, ctx) => {
          const r = parseSettingsDump(s);
          if (!r.ok) ctx.addIssue({ code: 'custom', message: `Bad settings dump: ${r.error}` });
          else if (hasMaskedSecret(s)) ctx.addIssue({ code: 'custom', message: MASKED_DUMP_MESSAGE });
        }),
    }),
    request: (p) => ({
      method: 'POST',
      path: '/settings',
      body: p.settings,
      contentType: 'application/octet-stream',
    }),
  }),
  restart: def({ ...reboot, params: none, request: () => ({ method: 'POST', path: '/danger/restart' }) }),
  wipe: def({ ...reboot, params: none, request: () => ({ method: 'POST', path: '/danger/wipe' }) }),
};

export type DeviceCommands = typeof DEVICE_COMMANDS;
export type DeviceCommandName = keyof DeviceCommands;
/** What a caller sends for a command (before parsing). */
export type DeviceCommandInput<C extends DeviceCommandName> = z.input<DeviceCommands[C]['params']>;
/** A command's params after parsing with its schema. */
export type DeviceCommandParams<C extends DeviceCommandName> = z.output<DeviceCommands[C]['params']>;

export function isDeviceCommandName(name: string): name is DeviceCommandName {
  return Object.hasOwn(DEVICE_COMMANDS, name);
}

/** Every command name, in table order. */
export const DEVICE_COMMAND_NAMES: readonly DeviceCommandName[] =
  Object.keys(DEVICE_COMMANDS).filter(isDeviceCommandName);

type CommandTable = { [C in DeviceCommandName]: DeviceCommandDef<z.ZodType<DeviceCommandParams<C>>> };
const TABLE: CommandTable = DEVICE_COMMANDS;

/** The device HTTP call of a command, from params already parsed with its schema. */
export function buildDeviceHttpRequest<C extends DeviceCommandName>(
  command: C,
  params: DeviceCommandParams<C>,
): DeviceHttpRequest {
  return TABLE[command].request(params);
}

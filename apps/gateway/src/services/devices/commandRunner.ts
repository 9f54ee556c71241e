import {
  ApiError,
  DEVICE_COMMANDS,
  type DeviceCommandDef,
  type DeviceCommandName,
  type DeviceCommandParams,
  type DeviceHttpRequest,
  type DeviceInfo,
  HooksListSchema,
  isDeviceCommandName,
  issuesFromZod,
  pickHookById,
  SensorsSchema,
  semicolonUnsafeHookFields,
} from '@st/protocol';
import type { z } from 'zod';
import { type DeviceAnswer, DeviceCallError, type DeviceClient } from './deviceClient';
import { isRestartCause, type RestartCause, type RestartEpisode, type Restarts } from './restarts';

export interface CommandRunnerDeps {
  /** devices restarting on purpose: commands to them are refused, restarting commands start one */
  readonly restarts?: Restarts | undefined;
  /** the device at an address (its library version decides which hooks it can keep) */
  readonly device?: ((address: string) => DeviceInfo | undefined) | undefined;
  readonly now?: () => number;
}

const CAUSE_TEXT: Record<RestartCause, string> = {
  importSettings: 'settings import',
  restart: 'restart',
  wipe: 'wipe',
  ota: 'firmware update',
};

function restartingError(e: RestartEpisode, now: number): ApiError {
  const seconds = Math.max(0, Math.round((now - e.since) / 1000));
  return new ApiError(
    'DEVICE_RESTARTING',
    `The device ${e.ip} is restarting (${CAUSE_TEXT[e.cause]}, ${seconds} s ago); try again when it is back`,
  );
}

/** Refuses a hook a device of this library version would lose or cut at its next restart. */
function refuseBrokenHook(command: string, params: unknown, device: DeviceInfo | undefined): void {
  if (command !== 'createHook' && command !== 'updateHook') return;
  if (typeof params !== 'object' || params === null || !('hook' in params)) return;
  const hook = params.hook;
  if (typeof hook !== 'object' || hook === null) return;
  const fields = semicolonUnsafeHookFields(Object.fromEntries(Object.entries(hook)), device?.stVersion);
  if (fields.length === 0) return;
  throw new ApiError(
    'HOOK_SEMICOLON_UNSUPPORTED',
    `Remove the ';' from the hook's ${fields.join(', ')}: ${device?.name ?? 'the device'} runs SmartThingLib ` +
      `${device?.stVersion ?? ''}, which at its next restart loses an http hook with ';' in its url or ` +
      "method and cuts its payload at the first ';'",
    fields.map((field) => ({ path: ['params', 'hook', field], message: "contains ';'" })),
  );
}

type CommandTable = { [C in DeviceCommandName]: DeviceCommandDef<z.ZodType<DeviceCommandParams<C>>> };
const TABLE: CommandTable = DEVICE_COMMANDS;

interface Prepared {
  readonly request: DeviceHttpRequest;
  readonly def: DeviceCommandDef<z.ZodType>;
  readonly params: unknown;
}

function prepare<C extends DeviceCommandName>(command: C, raw: unknown): Prepared {
  const def = TABLE[command];
  const parsed = def.params.safeParse(raw);
  if (!parsed.success) {
    const issues = issuesFromZod(parsed.error).map((i) => ({ ...i, path: ['params', ...i.path] }));
    const first = issues[0];
    const detail = first ? `${first.path.join('.')}: ${first.message}` : 'bad params';
    throw new ApiError('VALIDATION_FAILED', `Bad params for ${command}: ${detail}`, issues);
  }
  return { request: def.request(parsed.data), def, params: parsed.data };
}

function jsonAnswer(status: number, value: unknown): DeviceAnswer {
  return { status, contentType: 'application/json', body: Buffer.from(JSON.stringify(value)) };
}

function parseJson(answer: DeviceAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Runs device commands: validates the params with the command's schema, makes the device HTTP call, and
 * answers what the device answered (status, body and content type unchanged, so device errors `{error}`
 * pass through). Nothing is cached: every call reaches the device. Commands the firmware cannot answer in
 * one call (all hooks, hook by id) are composed here.
 */
export class CommandRunner {
  private readonly now: () => number;

  constructor(
    private readonly client: DeviceClient,
    private readonly deps: CommandRunnerDeps = {},
  ) {
    this.now = deps.now ?? Date.now;
  }

  async run(address: string, command: string, rawParams: unknown): Promise<DeviceAnswer> {
    if (!isDeviceCommandName(command)) {
      throw new ApiError('UNKNOWN_COMMAND', `There is no device command "${command}"`);
    }
    const prepared = prepare(command, rawParams);
    const restarting = this.deps.restarts?.get(address);
    if (restarting) throw restartingError(restarting, this.now());
    refuseBrokenHook(command, prepared.params, this.deps.device?.(address));
    // A device told to restart is held as restarting from the moment the command leaves (an import blocks
    // the device ~5 s before it answers or drops the connection), confirmed or let go by its outcome.
    const cause = prepared.def.dropsConnection && isRestartCause(command) ? command : undefined;
    const restarts = cause ? this.deps.restarts : undefined;
    if (cause) restarts?.hold(address, cause);
    let answer: DeviceAnswer;
    try {
      if (prepared.def.answer === 'allHooks') return await this.allHooks(address);
      answer = await this.client.call(address, prepared.request);
      if (prepared.def.answer === 'hookById' && answer.status === 200)
        return this.pickHook(answer, prepared.params);
    } catch (err) {
      if (err instanceof DeviceCallError && prepared.def.dropsConnection && err.failure !== 'bad-answer') {
        // Restart, wipe and import reboot the device: a dropped connection is the expected outcome.
        if (cause) restarts?.begin(address, cause);
        return jsonAnswer(202, { message: `The device is restarting (${command})` });
      }
      restarts?.cancel(address);
      throw err;
    }
    if (cause) {
      if (answer.status < 400) restarts?.begin(address, cause);
      else restarts?.cancel(address);
    }
    return answer;
  }

  private pickHook(answer: DeviceAnswer, params: unknown): DeviceAnswer {
    const list = HooksListSchema.safeParse(parseJson(answer));
    if (!list.success)
      throw new ApiError('DEVICE_BAD_ANSWER', 'The device sent a hooks list that is not valid');
    const id = typeof params === 'object' && params !== null && 'id' in params ? params.id : undefined;
    const hook = typeof id === 'number' || typeof id === 'string' ? pickHookById(list.data, id) : undefined;
    return hook ? jsonAnswer(200, hook) : jsonAnswer(404, { error: `Hook with id=${String(id)} not found` });
  }

  /** Firmware 1.0 lists hooks per sensor only: list the sensors, then each sensor's hooks. */
  private async allHooks(address: string): Promise<DeviceAnswer> {
    const sensorsAnswer = await this.client.call(address, { method: 'GET', path: '/sensors' });
    if (sensorsAnswer.status !== 200) return sensorsAnswer;
    const sensors = SensorsSchema.safeParse(parseJson(sensorsAnswer));
    if (!sensors.success)
      throw new ApiError('DEVICE_BAD_ANSWER', 'The device sent a sensors list that is not valid');
    const result: Record<string, unknown> = {};
    for (const sensor of Object.keys(sensors.data)) {
      const answer = await this.client.call(address, prepare('getHooks', { sensor }).request);
      if (answer.status !== 200) continue;
      const list = HooksListSchema.safeParse(parseJson(answer));
      result[sensor] = list.success ? (list.data ?? []) : [];
    }
    return jsonAnswer(200, result);
  }
}

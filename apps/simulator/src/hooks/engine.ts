import {
  type Board,
  HOOK_ID_MAX,
  HTTP_HOOK_METHODS,
  NOTIFICATION_HOOK_TYPES,
  type StoredHook,
} from '@st/protocol';
import type { SensorDef } from '../device/kinds';
import type { JsonObject } from '../http/arduino-json';
import {
  applyHookUpdate,
  hookFromJson,
  hookFromStored,
  hookToStored,
  type SimHook,
  shouldFire,
} from './hook';
import { loadStoredHook } from './loader';
import { sendHookRequest } from './outbound';
import { resolvePlaceholders } from './placeholders';

export interface HooksDeps {
  sensor: (name: string) => SensorDef | undefined;
  callAction: (name: string) => boolean | undefined;
  config: (key: string) => string | undefined;
  identity: () => { name: string; type: string; ip: string };
  /** esp8266 builds resolve `{v}` to nothing (device-protocol.md §11.6). */
  board: Board;
  /** Load http hooks as SmartThingLib 1.0 does, splitting on every `;` (device-protocol.md §11.7). */
  semicolonBug: boolean;
  log: (level: 10 | 20 | 30 | 40, tag: string, message: string) => void;
  changed: () => void;
}

interface Watcher {
  kind: 'number' | 'text';
  hooks: SimHook[];
  /** The value of the last poll: a new watcher starts from 0 (number) or '' (text) (device-protocol.md §11.5). */
  last: number | string;
  nextId: number;
}

const newWatcher = (kind: 'number' | 'text'): Watcher => ({
  kind,
  hooks: [],
  last: kind === 'number' ? 0 : '',
  nextId: 1,
});

/**
 * Per-sensor hooks: storage, REST operations, 500 ms polling and firing (device-protocol.md §4). A sensor's
 * watcher exists while it has hooks; watchers are kept in the order they were created (the firmware's list),
 * which is the order of the sensors in the stored HOOKS partition (device-protocol.md §11.8).
 */
export class HooksEngine {
  private readonly watchers = new Map<string, Watcher>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly deps: HooksDeps) {}

  list(sensor: string): readonly SimHook[] | undefined {
    return this.watchers.get(sensor)?.hooks;
  }

  count(): number {
    let n = 0;
    for (const w of this.watchers.values()) n += w.hooks.length;
    return n;
  }

  create(sensorName: string, body: JsonObject): number | null {
    const sensor = this.deps.sensor(sensorName);
    if (!sensor) return null;
    const w = this.watchers.get(sensorName) ?? newWatcher(sensor.kind);
    const used = new Set(w.hooks.map((h) => h.id));
    let id: number;
    if (typeof body.id === 'number' && Number.isInteger(body.id) && body.id >= 0) {
      if (used.has(body.id) || body.id > HOOK_ID_MAX) return null;
      id = body.id;
    } else {
      while (used.has(w.nextId)) w.nextId++;
      id = w.nextId++;
      if (id > HOOK_ID_MAX) return null;
    }
    const hook = hookFromJson(body, sensor.kind, id);
    if (!hook) return null;
    if (!this.watchers.has(sensorName)) this.watchers.set(sensorName, w);
    w.hooks.push(hook);
    this.deps.log(20, 'hooks_manager', `Added new hook(id=${id}) for sensor ${sensorName}`);
    this.deps.changed();
    return id;
  }

  /** 'unknownSensor' is answered 200 by the firmware (quirk). */
  update(sensorName: string, body: JsonObject): 'ok' | 'failed' | 'unknownSensor' {
    const sensor = this.deps.sensor(sensorName);
    if (!sensor) return 'unknownSensor';
    const hook = this.find(sensorName, body.id);
    if (!hook) return 'failed';
    applyHookUpdate(hook, body, sensor.kind);
    this.deps.changed();
    return 'ok';
  }

  remove(sensorName: string, id: unknown): 'ok' | 'failed' | 'unknownSensor' {
    if (!this.deps.sensor(sensorName)) return 'unknownSensor';
    const w = this.watchers.get(sensorName);
    const hook = this.find(sensorName, id);
    if (!w || !hook) return 'failed';
    w.hooks = w.hooks.filter((h) => h !== hook);
    if (w.hooks.length === 0) this.watchers.delete(sensorName);
    this.deps.log(20, 'hooks_manager', `Hook ${hook.id} of sensor ${sensorName} removed`);
    this.deps.changed();
    return 'ok';
  }

  /** Fires a hook once without checking its trigger. */
  test(sensorName: string, id: unknown, value: string | undefined): 'ok' | 'noHook' | 'unknownSensor' {
    const sensor = this.deps.sensor(sensorName);
    if (!sensor) return 'unknownSensor';
    const hook = this.find(sensorName, id);
    if (!hook) return 'noHook';
    const v =
      value === undefined
        ? sensor.read()
        : sensor.kind === 'number'
          ? Number.parseInt(value, 10) || 0
          : value;
    this.fire(hook, v);
    return 'ok';
  }

  /**
   * One polling pass, the firmware's watcher check (device-protocol.md §11.5): a number sensor fires its hooks
   * when the reading differs from the last one, the first reading being compared against 0, except that a
   * last value of exactly -1 means "no value yet" and the reading is only stored; a text sensor stores its
   * reading without firing while the last one is empty.
   */
  poll(): void {
    for (const [name, w] of this.watchers) {
      const sensor = this.deps.sensor(name);
      if (!sensor) continue;
      const value = sensor.read();
      const unset = w.kind === 'number' ? w.last === -1 : w.last === '';
      if (unset || value === w.last) {
        w.last = value;
        continue;
      }
      w.last = value;
      for (const h of w.hooks) if (shouldFire(h, sensor.kind, value)) this.fire(h, value);
    }
  }

  /** The HOOKS partition: text sensors' lines, then number sensors', each group in watcher order. */
  stored(): { sensor: string; hooks: StoredHook[] }[] {
    const lines = (kind: 'number' | 'text') =>
      [...this.watchers]
        .filter(([, w]) => w.kind === kind && w.hooks.length > 0)
        .map(([sensor, w]) => ({ sensor, hooks: w.hooks.map((h) => hookToStored(h, kind)) }));
    return [...lines('text'), ...lines('number')];
  }

  /**
   * Builds the watchers from a stored HOOKS partition (boot, import). A hook the firmware cannot build is a
   * "ghost": it is left out and the partition is saved again without it.
   */
  load(stored: readonly { sensor: string; hooks: readonly StoredHook[] }[]): void {
    this.watchers.clear();
    let ghosts = false;
    for (const line of stored) {
      const sensor = this.deps.sensor(line.sensor);
      if (!sensor) continue;
      const hooks = line.hooks.flatMap((s) => {
        const loaded = loadStoredHook(s, this.deps.semicolonBug);
        const hook = loaded && hookFromStored(loaded, sensor.kind);
        if (!hook) ghosts = true;
        return hook ?? [];
      });
      if (hooks.length) this.watchers.set(line.sensor, { ...newWatcher(sensor.kind), hooks });
    }
    if (ghosts) {
      this.deps.log(
        30,
        'hooks_manager',
        'Have some ghost hooks to delete (Failed build). Trying to save correct hooks list',
      );
      this.deps.changed();
      this.deps.log(30, 'hooks_manager', 'Ghost hooks removed');
    }
  }

  clear(): void {
    this.watchers.clear();
  }

  /** Resolves once outgoing hook requests in flight are done. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private find(sensorName: string, id: unknown): SimHook | undefined {
    const n =
      typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : Number.NaN;
    return this.watchers.get(sensorName)?.hooks.find((h) => h.id === n);
  }

  private track(p: Promise<unknown>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private fire(h: SimHook, value: number | string): void {
    const v = String(value);
    const cfg = (k: string) => this.deps.config(k);
    if (h.type === 'action') {
      const r = this.deps.callAction(h.action);
      if (r === undefined) this.deps.log(40, 'action_hook', `Action ${h.action} not found`);
      return;
    }
    if (h.type === 'http') {
      if (h.inFlight) return;
      h.inFlight = true;
      const url = resolvePlaceholders(h.url, v, cfg, this.deps.board);
      const payload = resolvePlaceholders(h.payload, v, cfg, this.deps.board);
      const method =
        HTTP_HOOK_METHODS[
          h.method === 1 || h.method === 2 || h.method === 3 || h.method === 4 ? h.method : 5
        ];
      this.track(
        sendHookRequest(url, method, payload).then((code) => {
          h.lastResponseCode = code;
          h.inFlight = false;
          this.deps.log(20, 'http_hook', `Request ${url} finished with code ${code}`);
        }),
      );
      return;
    }
    const gtw = this.deps.config('gtw') ?? '';
    if (gtw === '') {
      this.deps.log(40, 'notification_hook', 'Gateway address is missing (config gtw)');
      return;
    }
    const type =
      NOTIFICATION_HOOK_TYPES[h.notificationType === 2 || h.notificationType === 3 ? h.notificationType : 1];
    const body = JSON.stringify({
      device: this.deps.identity(),
      notification: { message: resolvePlaceholders(h.message, v, cfg, this.deps.board), type },
    });
    const base = gtw.startsWith('http') ? gtw : `http://${gtw}`;
    this.track(
      sendHookRequest(`${base}/api/notification`, 'POST', body).then((code) => {
        if (code < 200 || code >= 300)
          this.deps.log(30, 'notification_hook', `Notification failed with code ${code}`);
      }),
    );
  }
}

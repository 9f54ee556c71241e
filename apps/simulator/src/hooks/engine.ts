import { HOOK_ID_MAX, HTTP_HOOK_METHODS, NOTIFICATION_HOOK_TYPES, type StoredHook } from '@st/protocol';
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
import { sendHookRequest } from './outbound';
import { resolvePlaceholders } from './placeholders';

export interface HooksDeps {
  sensor: (name: string) => SensorDef | undefined;
  sensors: () => readonly SensorDef[];
  callAction: (name: string) => boolean | undefined;
  config: (key: string) => string | undefined;
  identity: () => { name: string; type: string; ip: string };
  log: (level: 10 | 20 | 30 | 40, tag: string, message: string) => void;
  changed: () => void;
}

interface Watcher {
  hooks: SimHook[];
  last: number | string | undefined;
  nextId: number;
}

/** Per-sensor hooks: storage, REST operations, 500 ms polling and firing (device-protocol.md §4). */
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
    const w = this.watchers.get(sensorName) ?? { hooks: [], last: undefined, nextId: 1 };
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
    if (!this.watchers.has(sensorName)) {
      w.last = sensor.read();
      this.watchers.set(sensorName, w);
    }
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

  /** One polling pass: fires hooks of sensors whose value changed. */
  poll(): void {
    for (const [name, w] of this.watchers) {
      const sensor = this.deps.sensor(name);
      if (!sensor) continue;
      const value = sensor.read();
      if (w.last === undefined || value === w.last) {
        w.last = value;
        continue;
      }
      w.last = value;
      for (const h of w.hooks) if (shouldFire(h, sensor.kind, value)) this.fire(h, value);
    }
  }

  stored(): { sensor: string; hooks: StoredHook[] }[] {
    const out: { sensor: string; hooks: StoredHook[] }[] = [];
    const sensors = this.deps.sensors();
    const ordered = [
      ...sensors.filter((s) => s.kind === 'text'),
      ...sensors.filter((s) => s.kind === 'number'),
    ];
    for (const s of ordered) {
      const w = this.watchers.get(s.name);
      if (w && w.hooks.length > 0)
        out.push({ sensor: s.name, hooks: w.hooks.map((h) => hookToStored(h, s.kind)) });
    }
    return out;
  }

  load(stored: readonly { sensor: string; hooks: readonly StoredHook[] }[]): void {
    this.watchers.clear();
    for (const line of stored) {
      const sensor = this.deps.sensor(line.sensor);
      if (!sensor) continue;
      const hooks = line.hooks.flatMap((s) => hookFromStored(s, sensor.kind) ?? []);
      if (hooks.length) this.watchers.set(line.sensor, { hooks, last: undefined, nextId: 1 });
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
      const url = resolvePlaceholders(h.url, v, cfg);
      const payload = resolvePlaceholders(h.payload, v, cfg);
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
      notification: { message: resolvePlaceholders(h.message, v, cfg), type },
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

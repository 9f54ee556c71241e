import {
  COMPARE_TYPES,
  type CompareType,
  HOOK_ID_MAX,
  HOOK_TYPES,
  type Hook,
  type HookType,
  joinNumberTrigger,
  type ListedCompareType,
  type StoredHook,
  splitNumberTrigger,
} from '@st/protocol';
import { asBool, asInt, asString, isIntLike, type JsonObject } from '../http/arduino-json';

export type SensorKind = 'number' | 'text';

/** A hook as the device holds it at run time. */
export interface SimHook {
  id: number;
  type: HookType;
  triggerEnabled: boolean;
  trigger: number | string;
  compareType: ListedCompareType;
  threshold: number;
  action: string;
  url: string;
  method: number;
  payload: string;
  message: string;
  notificationType: number;
  lastResponseCode: number;
  /** Value at this hook's last accepted change (threshold check). */
  lastAccepted: number;
  inFlight: boolean;
}

const isCompare = (v: unknown): v is CompareType => COMPARE_TYPES.some((c) => c === v);
const isHookType = (v: unknown): v is HookType => HOOK_TYPES.some((t) => t === v);
const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v !== '';

function blank(id: number, type: HookType): SimHook {
  return {
    id,
    type,
    triggerEnabled: false,
    trigger: 0,
    compareType: '',
    threshold: 0,
    action: '',
    url: '',
    method: 1,
    payload: '',
    message: '',
    notificationType: 1,
    lastResponseCode: 0,
    lastAccepted: 0,
    inFlight: false,
  };
}

/** Builds a hook from a create body's `hook` object, or null when the firmware would refuse it. */
export function hookFromJson(o: JsonObject, kind: SensorKind, id: number): SimHook | null {
  if (!isHookType(o.type)) return null;
  const h = blank(id, o.type);
  h.compareType = isCompare(o.compareType) ? o.compareType : '';
  h.triggerEnabled = asBool(o.triggerEnabled);
  h.trigger = kind === 'number' ? asInt(o.trigger) : asString(o.trigger);
  h.threshold = kind === 'number' ? asInt(o.threshold) : 0;
  if (h.type === 'action') {
    if (!nonEmptyString(o.action)) return null;
    h.action = o.action;
  } else if (h.type === 'http') {
    const method = asInt(o.method);
    if (!nonEmptyString(o.url) || !isIntLike(o.method) || method < 1 || method > 5) return null;
    h.url = o.url;
    h.method = method;
    h.payload = typeof o.payload === 'string' ? o.payload : '';
  } else {
    const nt = asInt(o.notificationType);
    if (!nonEmptyString(o.message) || !isIntLike(o.notificationType) || nt < 1 || nt > 3) return null;
    h.message = o.message;
    h.notificationType = nt;
  }
  return h;
}

/** Applies an update body (firmware semantics: compare/trigger/threshold always re-read). */
export function applyHookUpdate(h: SimHook, o: JsonObject, kind: SensorKind): void {
  if (typeof o.triggerEnabled === 'boolean') h.triggerEnabled = o.triggerEnabled;
  h.compareType = isCompare(o.compareType) ? o.compareType : 'eq';
  h.trigger = kind === 'number' ? asInt(o.trigger) : asString(o.trigger);
  if (kind === 'number') h.threshold = asInt(o.threshold);
  if (typeof o.url === 'string') h.url = o.url;
  if (typeof o.payload === 'string') h.payload = o.payload;
  if (typeof o.action === 'string') h.action = o.action;
  if (typeof o.message === 'string') h.message = o.message;
  if (isIntLike(o.method) && asInt(o.method) >= 1 && asInt(o.method) <= 5) h.method = asInt(o.method);
  if (isIntLike(o.notificationType) && asInt(o.notificationType) >= 1 && asInt(o.notificationType) <= 3) {
    h.notificationType = asInt(o.notificationType);
  }
}

/** The listing shape of `GET /hooks?sensor=` (key order as the firmware writes it). */
export function hookToJson(h: SimHook, kind: SensorKind): Hook {
  const common = {
    triggerEnabled: h.triggerEnabled,
    trigger: h.trigger,
    compareType: h.compareType,
    ...(kind === 'number' ? { threshold: h.threshold } : {}),
  };
  const head = { id: h.id, readonly: false };
  if (h.type === 'action') return { ...head, type: 'action', ...common, action: h.action };
  if (h.type === 'http') {
    const http = { lastResponseCode: h.lastResponseCode, url: h.url, method: h.method, payload: h.payload };
    return { ...head, type: 'http', ...common, ...http };
  }
  return {
    ...head,
    type: 'notification',
    ...common,
    message: h.message,
    notificationType: h.notificationType,
  };
}

export function hookToStored(h: SimHook, kind: SensorKind): StoredHook {
  const base = {
    id: h.id,
    compareType: h.compareType,
    triggerEnabled: h.triggerEnabled,
    trigger: kind === 'number' ? joinNumberTrigger(Number(h.trigger), h.threshold) : String(h.trigger),
  };
  if (h.type === 'action') return { ...base, type: 'action', action: h.action };
  if (h.type === 'http') return { ...base, type: 'http', url: h.url, method: h.method, payload: h.payload };
  return { ...base, type: 'notification', notificationType: h.notificationType, message: h.message };
}

export function hookFromStored(s: StoredHook, kind: SensorKind): SimHook | null {
  if (s.id > HOOK_ID_MAX) return null;
  const h = blank(s.id, s.type);
  h.compareType = s.compareType;
  h.triggerEnabled = s.triggerEnabled;
  if (kind === 'number') {
    const t = splitNumberTrigger(s.trigger);
    if (!t) return null;
    h.trigger = t.trigger;
    h.threshold = t.threshold;
  } else h.trigger = s.trigger;
  if (s.type === 'action') h.action = s.action;
  else if (s.type === 'http') Object.assign(h, { url: s.url, method: s.method, payload: s.payload });
  else Object.assign(h, { message: s.message, notificationType: s.notificationType });
  return h;
}

/** Whether a changed value fires the hook (threshold bookkeeping included). */
export function shouldFire(h: SimHook, kind: SensorKind, value: number | string): boolean {
  if (kind === 'number') {
    const v = Number(value);
    if (h.threshold !== 0 && Math.abs(v - h.lastAccepted) < h.threshold) return false;
    h.lastAccepted = v;
    if (!h.triggerEnabled) return true;
    const t = Number(h.trigger);
    if (h.compareType === 'eq') return v === t;
    if (h.compareType === 'neq') return v !== t;
    if (h.compareType === 'gte') return v >= t;
    if (h.compareType === 'lte') return v <= t;
    return false;
  }
  if (!h.triggerEnabled) return true;
  if (h.compareType === 'eq') return String(value) === String(h.trigger);
  if (h.compareType === 'neq') return String(value) !== String(h.trigger);
  return false;
}

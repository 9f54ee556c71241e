import type { HookFieldTemplate, HookTemplate, HookTemplates } from './device/index';

// Hook editing rules of the console (spec sections 3-5, reference/web-frontend.md 8.6), as pure functions:
// the effective template of a hook type, new-hook defaults, value conversion and required-field checks.

/** The id a hook being created carries until the device assigns one. */
export const NEW_HOOK_ID = 'New';

/** The template key shared by every hook type. */
export const DEFAULT_TEMPLATE_KEY = 'default';

/** Hook properties with their own controls (or none), never shown as generic fields. */
export const HOOK_SYSTEM_FIELDS: readonly string[] = [
  'id',
  'type',
  'readonly',
  'trigger',
  'compareType',
  'triggerEnabled',
  'threshold',
];

export type HookFieldValue = string | number | boolean | null;

/** A hook as the editor holds it: any device hook, or a new one. */
export type HookFields = Readonly<Record<string, unknown>>;

/** The hook types a sensor offers (the template keys except `default`). */
export function hookTypesOf(templates: HookTemplates): string[] {
  return Object.keys(templates).filter((key) => key !== DEFAULT_TEMPLATE_KEY);
}

/** `notification_hook` or `notificationHook` -> `notification hook`. */
export function humanizeHookType(type: string): string {
  return type
    .replace(/_/g, ' ')
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Fields firmware 1.0 refuses a hook without (device-protocol.md §4, createHook), with the value a new hook
 * starts with, where its template does not mark them required: the template offers `notificationType` as
 * optional, but a notification hook without it is refused.
 */
const DEVICE_REQUIRED_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  notification: { notificationType: '1' },
};

/**
 * The fields of a hook type: its own template overlaid by `default` (default wins on a clash), with the
 * fields the device requires marked required (and defaulted).
 */
export function effectiveHookTemplate(templates: HookTemplates, type: string): HookTemplate {
  const merged: HookTemplate = { ...(templates[type] ?? {}), ...(templates[DEFAULT_TEMPLATE_KEY] ?? {}) };
  for (const [name, fallback] of Object.entries(DEVICE_REQUIRED_FIELDS[type] ?? {})) {
    const field = merged[name];
    if (field !== undefined) merged[name] = { ...field, required: true, default: field.default ?? fallback };
  }
  return merged;
}

function parseInteger(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.trunc(raw) : null;
  if (typeof raw !== 'string') return null;
  const value = Number.parseInt(raw.trim(), 10);
  return Number.isNaN(value) ? null : value;
}

/**
 * A field value as typed by the user, converted by the template's field type (spec section 5): boolean
 * and checkbox -> true only for true/"true"; integer and number -> integer (null when not a number);
 * string and text -> text. Other types keep the value as it is.
 */
export function convertHookFieldValue(fieldType: string | undefined, raw: unknown): HookFieldValue {
  switch (fieldType) {
    case 'boolean':
    case 'checkbox':
      return raw === true || raw === 'true';
    case 'integer':
    case 'number':
      return parseInteger(raw);
    case 'string':
    case 'text':
      return raw === null || raw === undefined ? '' : String(raw);
    default:
      if (raw === null || raw === undefined) return null;
      if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
      return String(raw);
  }
}

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

/** The value a new hook starts with: the template default (converted), else 0, false or empty. */
export function defaultHookFieldValue(field: HookFieldTemplate): HookFieldValue {
  if (hasValue(field.default)) return convertHookFieldValue(field.type, field.default);
  if (field.type === 'number') return 0;
  if (field.type === 'checkbox') return false;
  return '';
}

/** A new hook of `type` (id `New`), one property per template field. */
export function newHookDraft(type: string, template: HookTemplate): Record<string, HookFieldValue> {
  const draft: Record<string, HookFieldValue> = {};
  for (const [name, field] of Object.entries(template)) {
    if (name === 'id' || name === 'type') continue;
    draft[name] = defaultHookFieldValue(field);
  }
  return { ...draft, id: NEW_HOOK_ID, type };
}

export function isNewHook(hook: HookFields): boolean {
  return hook.id === NEW_HOOK_ID;
}

/** The body of `createHook`: the draft without its temporary id. */
export function hookCreatePayload(draft: HookFields): Record<string, unknown> {
  const { id: _id, ...rest } = draft;
  return rest;
}

/** Fields the template marks required whose value is empty (null, undefined, blank text), in template order. */
export function missingRequiredFields(hook: HookFields, template: HookTemplate): string[] {
  return Object.entries(template)
    .filter(([name, field]) => field.required === true && !hasValue(hook[name]))
    .map(([name]) => name);
}

/** The hook's properties shown as generic fields (everything but the system fields), in property order. */
export function hookGenericFields(hook: HookFields): string[] {
  return Object.keys(hook).filter((key) => !HOOK_SYSTEM_FIELDS.includes(key));
}

/** Whether a generic field may be edited: while editing, when the template knows it. */
export function isHookFieldEditable(field: string, template: HookTemplate, editing: boolean): boolean {
  return editing && Object.hasOwn(template, field);
}

/** Readonly hooks cannot be edited, deleted or tested. */
export function canModifyHook(hook: HookFields): boolean {
  return hook.readonly !== true;
}

/** The http hook fields the firmware stores `;`-separated (device-protocol.md §4.6). */
export const SEMICOLON_HOOK_FIELDS: readonly string[] = ['url', 'method', 'payload'];

/**
 * Library versions whose settings loader splits a stored http hook on every `;` before unescaping
 * (device-protocol.md §11.7): at the next boot or import a `;` in the url loses the whole hook, one in the
 * payload cuts it there. Notification hooks read the escape back correctly.
 */
const SEMICOLON_LOSING_LIBRARIES: ReadonlySet<string> = new Set(['1.0']);

/**
 * The fields of a hook that a device of library `stVersion` would lose or cut at its next restart because
 * they contain `;` (empty: the hook is safe to save). Only http hooks are affected.
 */
export function semicolonUnsafeHookFields(hook: HookFields, stVersion: string | undefined): string[] {
  if (stVersion === undefined || !SEMICOLON_LOSING_LIBRARIES.has(stVersion.trim())) return [];
  if (hook.type !== 'http') return [];
  return SEMICOLON_HOOK_FIELDS.filter((name) => {
    const value = hook[name];
    return (typeof value === 'string' || typeof value === 'number') && String(value).includes(';');
  });
}

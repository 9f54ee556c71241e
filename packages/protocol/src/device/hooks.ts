import { z } from 'zod';

// Hooks as firmware 1.0 lists them (device-protocol.md §4).

export const HOOK_TYPES = ['action', 'http', 'notification'] as const;
export const HookTypeSchema = z.enum(HOOK_TYPES);
export type HookType = z.infer<typeof HookTypeSchema>;

/** `""` is what the firmware lists for a hook whose compare type is unknown (it never fires). */
export const COMPARE_TYPES = ['eq', 'neq', 'gte', 'lte'] as const;
export const CompareTypeSchema = z.enum(COMPARE_TYPES);
export type CompareType = z.infer<typeof CompareTypeSchema>;
export const ListedCompareTypeSchema = z.union([CompareTypeSchema, z.literal('')]);
export type ListedCompareType = z.infer<typeof ListedCompareTypeSchema>;

/** HTTP hook methods by their firmware number. */
export const HTTP_HOOK_METHODS = { 1: 'GET', 2: 'POST', 3: 'PUT', 4: 'PATCH', 5: 'DELETE' } as const;
export type HttpHookMethod = keyof typeof HTTP_HOOK_METHODS;
/** Notification hook types by their firmware number. */
export const NOTIFICATION_HOOK_TYPES = { 1: 'info', 2: 'warning', 3: 'error' } as const;
export type NotificationHookType = keyof typeof NOTIFICATION_HOOK_TYPES;

/** Hook ids are stored with two digits. */
export const HOOK_ID_MAX = 99;

const hookBase = {
  id: z.number().int(),
  readonly: z.boolean(),
  triggerEnabled: z.boolean(),
  trigger: z.union([z.number(), z.string()]),
  compareType: ListedCompareTypeSchema,
  threshold: z.number().optional(),
  /** Older firmware only; 1.0 sends no caption. */
  caption: z.string().optional(),
};

export const ActionHookSchema = z.object({ ...hookBase, type: z.literal('action'), action: z.string() });
export const HttpHookSchema = z.object({
  ...hookBase,
  type: z.literal('http'),
  lastResponseCode: z.number().int(),
  url: z.string(),
  method: z.number().int().min(1).max(5),
  payload: z.string(),
});
export const NotificationHookSchema = z.object({
  ...hookBase,
  type: z.literal('notification'),
  message: z.string(),
  notificationType: z.number().int().min(1).max(3),
  gatewayUrl: z.string().optional(),
});
export const HookSchema = z.discriminatedUnion('type', [
  ActionHookSchema,
  HttpHookSchema,
  NotificationHookSchema,
]);
export type ActionHook = z.infer<typeof ActionHookSchema>;
export type HttpHook = z.infer<typeof HttpHookSchema>;
export type NotificationHook = z.infer<typeof NotificationHookSchema>;
export type Hook = z.infer<typeof HookSchema>;

/** `GET /hooks?sensor=`: an array, `null` for a sensor without hooks, or `{error}` (with status 200) for an unknown sensor. */
export const HooksListSchema = z.union([z.array(HookSchema), z.null()]);

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

/**
 * A hook as a client sends it in `POST/PUT /hooks` (`{sensor, hook}`). The firmware is the judge of a hook's
 * fields and is lenient (numeric strings for numbers, any string as `true`), so only JSON scalars are
 * required here; unknown keys (the original console's `rnd`, `readonly`) are dropped. On create an id that
 * is not an integer (the original console sends `"New"`) makes the device pick the next free id. Send the
 * full hook on update: the firmware re-reads compareType/trigger/threshold.
 */
export const HookDraftSchema = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  type: HookTypeSchema,
  triggerEnabled: scalar,
  trigger: scalar,
  compareType: scalar,
  threshold: scalar,
  action: scalar,
  url: scalar,
  method: scalar,
  payload: scalar,
  message: scalar,
  notificationType: scalar,
  gatewayUrl: scalar,
});
export type HookDraft = z.infer<typeof HookDraftSchema>;

/** One field descriptor of a hook template. */
export const HookFieldTemplateSchema = z.object({
  required: z.boolean().optional(),
  type: z.enum(['checkbox', 'number', 'text']).optional(),
  values: z.union([z.array(z.string()), z.record(z.string(), z.string())]).optional(),
  default: z.string().optional(),
});
export type HookFieldTemplate = z.infer<typeof HookFieldTemplateSchema>;
export const HookTemplateSchema = z.record(z.string(), HookFieldTemplateSchema);
export type HookTemplate = z.infer<typeof HookTemplateSchema>;

/**
 * `GET /hooks/templates?sensor=`: keys `default`, `action` (when actions exist), `http`, `notification`;
 * `{}` for an unknown sensor.
 */
export const HookTemplatesSchema = z.record(z.string(), HookTemplateSchema);
export type HookTemplates = z.infer<typeof HookTemplatesSchema>;

/** The hook with this id from a `GET /hooks?sensor=` answer (used for the `getHookById` command). */
export function pickHookById(list: readonly Hook[] | null, id: number | string): Hook | undefined {
  return list?.find((h) => String(h.id) === String(id));
}

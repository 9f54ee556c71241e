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

const intLike = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]);

/**
 * A hook as a client sends it in `POST/PUT /hooks` (`{sensor, hook}`). The firmware is lenient: numbers may
 * come as numeric strings. Send the full hook on update: the firmware re-reads compareType/trigger/threshold.
 */
export const HookDraftSchema = z.object({
  id: intLike.optional(),
  type: HookTypeSchema,
  triggerEnabled: z.boolean().optional(),
  trigger: z.union([z.number(), z.string()]).optional(),
  compareType: ListedCompareTypeSchema.optional(),
  threshold: z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).optional(),
  action: z.string().optional(),
  url: z.string().optional(),
  method: intLike.optional(),
  payload: z.string().optional(),
  message: z.string().optional(),
  notificationType: intLike.optional(),
  gatewayUrl: z.string().optional(),
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

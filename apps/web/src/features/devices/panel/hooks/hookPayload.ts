import { type HookFields, hookCreatePayload, isNewHook } from '@st/protocol';

/** Properties the device computes itself; never sent back. */
const DEVICE_ONLY = new Set(['readonly', 'lastResponseCode', 'caption']);

/**
 * The hook the console sends on save: a new one without its temporary id, an existing one whole (the firmware
 * re-reads trigger, compare type and threshold), without device-computed and empty (null) values.
 */
export function hookSavePayload(draft: HookFields): Record<string, unknown> {
  const base = isNewHook(draft) ? hookCreatePayload(draft) : { ...draft };
  return Object.fromEntries(
    Object.entries(base).filter(
      ([key, value]) => !DEVICE_ONLY.has(key) && value !== null && value !== undefined,
    ),
  );
}

/** `[id] caption` or the humanised type. */
export function hookTitle(hook: HookFields, typeLabel: string): string {
  const caption = typeof hook.caption === 'string' && hook.caption !== '' ? hook.caption : typeLabel;
  return `[${String(hook.id)}] ${caption}`;
}

import { DeviceTag, TAG_LIMITS } from '@st/protocol';

/** Why a typed tag cannot be added (a message key of this feature), or the tag as the gateway keeps it. */
export type TagCheck = { ok: true; tag: string } | { ok: false; error: TagError };
export type TagError = 'empty' | 'long' | 'chars' | 'duplicate' | 'limit';

/**
 * A typed tag checked by the protocol's schema (trimmed, 1-32 characters, no control characters), and against
 * the device's tags when given (no repeat, at most 16).
 */
export function checkTag(text: string, current?: readonly string[]): TagCheck {
  const parsed = DeviceTag.safeParse(text);
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.code;
    return { ok: false, error: code === 'too_small' ? 'empty' : code === 'too_big' ? 'long' : 'chars' };
  }
  if (current?.includes(parsed.data)) return { ok: false, error: 'duplicate' };
  if (current && current.length >= TAG_LIMITS.perDevice) return { ok: false, error: 'limit' };
  return { ok: true, tag: parsed.data };
}

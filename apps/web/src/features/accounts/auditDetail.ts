import type { TFunction } from 'i18next';

// The audit trail's details are written by the cloud in English. The fixed ones (how a sign-in went, which
// session ended, ...) are said in the user's language; the rest are names (a login, a token's name) and
// stay as written.
const PHRASES = {
  'password only': 'passwordOnly',
  'with a TOTP code': 'totp',
  'with a recovery code': 'recovery',
  'with a passkey': 'passkey',
  'password and a passkey': 'passwordPasskey',
  'wrong login or password': 'wrongPassword',
  disabled: 'disabled',
  'this session': 'thisSession',
  'another session': 'anotherSession',
  'wrong or used code': 'wrongCode',
  'wrong or used recovery code': 'wrongRecovery',
  'second factor required': 'secondRequired',
  'second factor optional': 'secondOptional',
} as const;
const FIXED = new Map<string, (typeof PHRASES)[keyof typeof PHRASES]>(Object.entries(PHRASES));

/** An audit entry's detail in the user's language when it is one of the cloud's fixed phrases. */
export function auditDetail(detail: string, t: TFunction): string {
  const id = FIXED.get(detail);
  return id === undefined ? detail : t(`accounts.audit.detail.${id}`);
}

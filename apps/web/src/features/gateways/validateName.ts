import { GATEWAY_LIMITS } from '@st/protocol';

/** The subject of the toasts about saving a gateway: a newer one replaces the one still open. */
export const GATEWAY_SAVE_KEY = 'gateway.save';

export type NameCheck = { kind: 'ok' } | { kind: 'blank' } | { kind: 'long'; max: number };

/**
 * Spec section 5: a blank name stops the save; a name over 32 characters is reported, but the save is
 * still sent (the server then answers with its own explanation).
 */
export function checkGatewayName(name: string): NameCheck {
  if (name.trim() === '') return { kind: 'blank' };
  if (name.length > GATEWAY_LIMITS.nameMaxLength) return { kind: 'long', max: GATEWAY_LIMITS.nameMaxLength };
  return { kind: 'ok' };
}

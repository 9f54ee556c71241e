import { type AlertChannel, ApiError } from '@st/protocol';
import { AlertDestinationError, type AlertDestinations, channelTarget, normalHost } from './destinations';

// Secrets of alert channels are write-only: what GET answers, and how a PUT keeps what it does not resend.

/** The channels as GET answers them: each secret replaced by whether one is stored. */
export function redactChannels(channels: readonly AlertChannel[]): AlertChannel[] {
  return channels.map((c): AlertChannel => {
    if (c.type === 'webhook') {
      const { secret, hasSecret: _, ...rest } = c;
      return { ...rest, hasSecret: Boolean(secret) };
    }
    if (c.type === 'ntfy') {
      const { token, hasToken: _, ...rest } = c;
      return { ...rest, hasToken: Boolean(token) };
    }
    const { password, hasPassword: _, ...rest } = c;
    return { ...rest, hasPassword: Boolean(password) };
  });
}

/**
 * Where a channel's secret goes: the URL a webhook or ntfy channel posts to; the SMTP server, port and login
 * an e-mail channel uses, and whether it may send the password without TLS.
 */
function destinationOf(c: AlertChannel): string {
  if (c.type === 'email')
    return JSON.stringify([normalHost(c.host), c.port, c.user ?? '', c.allowInsecureLogin]);
  return new URL(c.url.replace(/\/+$/, '')).href;
}

/**
 * The channels to store: an omitted secret keeps the stored one of the same id and type only while the
 * channel's destination is unchanged (an e-mail channel may also turn on TLS); `''` clears it. Otherwise
 * the secret must be given again (ALERT_SECRET_REQUIRED): whoever re-points a channel cannot have the stored
 * secret sent to the new place.
 */
export function mergeSecrets(next: readonly AlertChannel[], stored: readonly AlertChannel[]): AlertChannel[] {
  const old = new Map(stored.map((c) => [c.id, c]));
  const keep = <T extends AlertChannel>(c: T, prev: AlertChannel | undefined, had: boolean): boolean => {
    if (!prev || prev.type !== c.type || !had) return false;
    const same =
      destinationOf(prev) === destinationOf(c) ||
      (c.type === 'email' &&
        prev.type === 'email' &&
        !c.allowInsecureLogin &&
        destinationOf({ ...prev, allowInsecureLogin: false }) === destinationOf(c));
    if (!same)
      throw new ApiError(
        'ALERT_SECRET_REQUIRED',
        `Channel "${c.id}" now sends somewhere else: give its ${c.type === 'webhook' ? 'secret' : c.type === 'ntfy' ? 'token' : 'password'} again, or "" to send without one`,
      );
    return true;
  };
  return next.map((c): AlertChannel => {
    const prev = old.get(c.id);
    if (c.type === 'webhook') {
      const { hasSecret: _, secret: given, ...rest } = c;
      const had = prev?.type === 'webhook' ? prev.secret : undefined;
      const secret = given ?? (keep(c, prev, Boolean(had)) ? had : undefined);
      return secret ? { ...rest, secret } : rest;
    }
    if (c.type === 'ntfy') {
      const { hasToken: _, token: given, ...rest } = c;
      const had = prev?.type === 'ntfy' ? prev.token : undefined;
      const token = given ?? (keep(c, prev, Boolean(had)) ? had : undefined);
      return token ? { ...rest, token } : rest;
    }
    const { hasPassword: _, password: given, ...rest } = c;
    const had = prev?.type === 'email' ? prev.password : undefined;
    const password = given ?? (keep(c, prev, Boolean(had)) ? had : undefined);
    return password ? { ...rest, password } : rest;
  });
}

/**
 * Refuses (400 ALERT_DESTINATION_REFUSED, the first refused channel in order) a channel whose destination the
 * app's policy never allows. The channels are checked at once (a name lookup is bounded in time).
 */
export async function vetChannels(
  channels: readonly AlertChannel[],
  destinations: AlertDestinations,
): Promise<void> {
  const results = await Promise.allSettled(channels.map((c) => destinations.vet(channelTarget(c))));
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') return;
    const err: unknown = r.reason;
    if (err instanceof AlertDestinationError && err.reason === 'refused')
      throw new ApiError('ALERT_DESTINATION_REFUSED', `Channel "${channels[i]?.id}": ${err.message}`);
    if (!(err instanceof AlertDestinationError)) throw err;
  });
}

/** Retry delays of an outbox: 2 s doubling to 2 min, for 10 minutes after the alert was raised. */
export const ALERT_RETRY_WINDOW_MS = 10 * 60_000;
export function alertRetryDelayMs(attempt: number, baseMs = 2000, maxMs = 120_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

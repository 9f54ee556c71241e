import type { AlertChannel } from '@st/protocol';

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

/** The channels to store: an omitted secret keeps the stored one of the same id and type, `''` clears it. */
export function mergeSecrets(next: readonly AlertChannel[], stored: readonly AlertChannel[]): AlertChannel[] {
  const old = new Map(stored.map((c) => [c.id, c]));
  return next.map((c): AlertChannel => {
    const prev = old.get(c.id);
    if (c.type === 'webhook') {
      const { hasSecret: _, secret: given, ...rest } = c;
      const secret = given ?? (prev?.type === 'webhook' ? prev.secret : undefined);
      return secret ? { ...rest, secret } : rest;
    }
    if (c.type === 'ntfy') {
      const { hasToken: _, token: given, ...rest } = c;
      const token = given ?? (prev?.type === 'ntfy' ? prev.token : undefined);
      return token ? { ...rest, token } : rest;
    }
    const { hasPassword: _, password: given, ...rest } = c;
    const password = given ?? (prev?.type === 'email' ? prev.password : undefined);
    return password ? { ...rest, password } : rest;
  });
}

/** Retry delays of an outbox: 2 s doubling to 2 min, for 10 minutes after the alert was raised. */
export const ALERT_RETRY_WINDOW_MS = 10 * 60_000;
export function alertRetryDelayMs(attempt: number, baseMs = 2000, maxMs = 120_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

import { createHash, createHmac } from 'node:crypto';
import {
  ALERT_IDEMPOTENCY_HEADER,
  ALERT_SENDER_HEADER,
  type AlertChannel,
  type AlertKind,
  type AlertPayload,
} from '@st/protocol';
import { createTransport } from 'nodemailer';
import { type AlertDestinations, anyDestination, channelTarget } from './destinations';
import { postPinned } from './pinnedPost';

// Sends one alert on one channel: a signed webhook POST, an ntfy publish, or an e-mail over SMTP. Throws on
// failure (the outbox retries); never logs or returns a secret. The destination is resolved once, checked by
// the app's policy, and connected to at exactly the address that was checked.

export const ALERT_SEND_TIMEOUT_MS = 10_000;

/** `sha256=<hex HMAC-SHA256 of the body>` (the GitHub webhook convention). */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

const NTFY_PRIORITY: Record<AlertKind, number> = {
  'device-offline': 4,
  'device-online': 3,
  'crash-loop': 5,
  'crash-loop-ended': 3,
  notification: 3,
  'gateway-offline': 5,
  'gateway-online': 3,
  test: 2,
  'rollout-paused': 4,
  'rollout-finished': 3,
};
const NTFY_TAGS: Record<AlertKind, string[]> = {
  'device-offline': ['warning', 'device-offline'],
  'device-online': ['white_check_mark', 'device-online'],
  'crash-loop': ['rotating_light', 'crash-loop'],
  'crash-loop-ended': ['white_check_mark', 'crash-loop-ended'],
  notification: ['bell', 'notification'],
  'gateway-offline': ['rotating_light', 'gateway-offline'],
  'gateway-online': ['white_check_mark', 'gateway-online'],
  test: ['test_tube', 'test'],
  'rollout-paused': ['warning', 'rollout-paused'],
  'rollout-finished': ['white_check_mark', 'rollout-finished'],
};

/** One line naming what the alert is about: `hall-lamp (10.0.0.7) on home`. */
export function alertTitle(p: AlertPayload): string {
  const subject = p.device ? `${p.device.name || p.device.ip} (${p.device.ip})` : p.gateway.name;
  return `${p.kind}: ${subject}${p.device ? ` on ${p.gateway.name}` : ''}`;
}

/** ntfy's JSON publish body (POST to the server root). */
export function ntfyMessage(topic: string, p: AlertPayload) {
  return {
    topic,
    title: alertTitle(p),
    message: p.text,
    priority: NTFY_PRIORITY[p.kind],
    tags: NTFY_TAGS[p.kind],
  };
}

/**
 * The e-mail Message-ID of an alert: derived from its idempotency key only, so a repeat delivery (a retry, or a
 * surviving cloud node taking the alert over) is the same message to the receiver, which drops the repeat.
 */
export function alertMessageId(p: AlertPayload, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'smartthing.invalid';
  return `<alert.${createHash('sha256').update(p.id).digest('hex').slice(0, 32)}@${domain}>`;
}

export interface SendOptions {
  /** what the app allows alerts to reach (default: anything, resolved once) */
  readonly destinations?: AlertDestinations;
}

const HTTP_HEADERS = {
  'content-type': 'application/json',
  'user-agent': 'SmartThing-alerts',
  [ALERT_SENDER_HEADER]: '1',
};

export async function sendAlert(
  channel: AlertChannel,
  payload: AlertPayload,
  options: SendOptions = {},
): Promise<void> {
  const destinations = options.destinations ?? anyDestination();
  const target = channelTarget(channel);
  const address = await destinations.resolve(target);
  switch (channel.type) {
    case 'webhook': {
      const body = JSON.stringify(payload);
      const headers: Record<string, string> = {
        ...HTTP_HEADERS,
        'x-smartthing-event': payload.kind,
        [ALERT_IDEMPOTENCY_HEADER]: payload.id,
      };
      if (channel.secret) headers['x-signature-256'] = signBody(channel.secret, body);
      return postPinned(new URL(channel.url), address, body, headers, ALERT_SEND_TIMEOUT_MS);
    }
    case 'ntfy': {
      const headers: Record<string, string> = { ...HTTP_HEADERS };
      if (channel.token) headers.authorization = `Bearer ${channel.token}`;
      const root = channel.url.replace(/\/+$/, '');
      const body = JSON.stringify(ntfyMessage(channel.topic, payload));
      return postPinned(new URL(`${root}/`), address, body, headers, ALERT_SEND_TIMEOUT_MS);
    }
    case 'email': {
      const login = Boolean(channel.user);
      const transport = createTransport({
        // the checked address; certificates are still verified against the name
        host: address.address,
        port: channel.port,
        secure: channel.secure,
        ...(target.host !== address.address ? { tls: { servername: target.host } } : {}),
        // a password never goes out without TLS unless the channel says so
        ...(login && !channel.secure && !channel.allowInsecureLogin ? { requireTLS: true } : {}),
        ...(login ? { auth: { user: channel.user ?? '', pass: channel.password ?? '' } } : {}),
        connectionTimeout: ALERT_SEND_TIMEOUT_MS,
        greetingTimeout: ALERT_SEND_TIMEOUT_MS,
        socketTimeout: ALERT_SEND_TIMEOUT_MS,
      });
      try {
        await transport.sendMail({
          messageId: alertMessageId(payload, channel.from),
          from: channel.from,
          to: channel.to,
          subject: `[SmartThing] ${alertTitle(payload)}`,
          text: `${payload.text}\n\n${new Date(payload.at).toISOString()}\n`,
        });
      } finally {
        transport.close();
      }
      return;
    }
  }
}

/** A short reason for the timeline and logs, with nothing secret in it. */
export function sendError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 300);
}

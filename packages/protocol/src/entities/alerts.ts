import { z } from 'zod';
import { DeviceAddress } from './common';

// Alerts (issue 16): the channels an alert goes out on, the rules of the gateway and of the cloud, and the
// body a webhook receives. Secrets are write-only: GET answers `hasSecret`/`hasPassword`/`hasToken` instead.

export const ALERT_KINDS = [
  'device-offline',
  'device-online',
  'crash-loop',
  'crash-loop-ended',
  'notification',
  'gateway-offline',
  'gateway-online',
  'test',
  /** a firmware rollout paused itself (failure limit) */
  'rollout-paused',
  /** a firmware rollout ended (finished or cancelled) */
  'rollout-finished',
] as const;
export const AlertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

export const AlertChannelId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Channel id: 1-40 letters, digits, "-" or "_"');

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => /^https?:\/\/[^\s]+$/i.test(s) && URL.canParse(s), 'Must be an http(s) URL');
/**
 * A write-only secret: omitted on PUT keeps the stored one while the channel's destination (webhook or ntfy
 * URL; e-mail host, port and user) is unchanged, `''` clears it.
 */
const secret = z.string().max(500).optional();

export const WebhookChannel = z.object({
  id: AlertChannelId,
  type: z.literal('webhook'),
  url: httpUrl,
  secret,
  hasSecret: z.boolean().optional(),
});
export const NtfyChannel = z.object({
  id: AlertChannelId,
  type: z.literal('ntfy'),
  /** the ntfy server, e.g. https://ntfy.sh */
  url: httpUrl,
  topic: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'ntfy topic: 1-64 letters, digits, "-" or "_"'),
  token: secret,
  hasToken: z.boolean().optional(),
});
export const EmailChannel = z.object({
  id: AlertChannelId,
  type: z.literal('email'),
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65535).default(587),
  /** TLS from the start (port 465); otherwise STARTTLS (required when logging in with a password) */
  secure: z.boolean().default(false),
  user: z.string().max(200).optional(),
  password: secret,
  hasPassword: z.boolean().optional(),
  /**
   * Lets the password go over a connection without TLS (a server without STARTTLS on a trusted network).
   * Turning it on needs the password again: a stored one never goes out in the clear on someone else's say.
   */
  allowInsecureLogin: z.boolean().default(false),
  from: z.email(),
  to: z.array(z.email()).min(1).max(10),
});
export const AlertChannel = z.discriminatedUnion('type', [WebhookChannel, NtfyChannel, EmailChannel]);
export type AlertChannel = z.infer<typeof AlertChannel>;
export type AlertChannelInput = z.input<typeof AlertChannel>;
export type AlertChannelType = AlertChannel['type'];

const channels = z
  .array(AlertChannel)
  .max(10)
  .refine((list) => new Set(list.map((c) => c.id)).size === list.length, 'Channel ids must be unique');

/** The gateway's `GET/PUT /api/alerts`. Durations in seconds. */
export const AlertSettings = z.object({
  channels: channels.default([]),
  deviceOfflineAfter: z
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(300),
  crashLoop: z
    .object({
      reboots: z.number().int().min(2).max(50).default(3),
      within: z.number().int().min(10).max(86_400).default(600),
    })
    .default({ reboots: 3, within: 600 }),
  notifications: z.boolean().default(false),
  muted: z.array(DeviceAddress).max(1000).default([]),
});
export type AlertSettings = z.infer<typeof AlertSettings>;
export type AlertSettingsInput = z.input<typeof AlertSettings>;

/** The cloud's `GET/PUT /api/alerts`: the signed-in user's own channels and gateway-offline threshold. */
export const CloudAlertSettings = z.object({
  channels: channels.default([]),
  gatewayOfflineAfter: z
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(300),
});
export type CloudAlertSettings = z.infer<typeof CloudAlertSettings>;
export type CloudAlertSettingsInput = z.input<typeof CloudAlertSettings>;

/** `POST /api/alerts/test?channel=ID`: sends a test alert on one saved channel, now. */
export const AlertTestQuery = z.object({ channel: AlertChannelId });
export const AlertTestResult = z.object({ ok: z.boolean(), error: z.string().optional() });
export type AlertTestResult = z.infer<typeof AlertTestResult>;

/**
 * What a webhook receives (JSON POST), signed with `X-Signature-256: sha256=<hex HMAC>` when a secret is set.
 * `id` is the alert's idempotency key: the same on every delivery of one alert (retries, and the cloud node
 * that takes over the alert of a node that died while sending it), different for every other alert. It also
 * goes in the `Idempotency-Key` header, and an e-mail's Message-ID is derived from it: receivers drop repeats.
 */
export const AlertPayload = z.object({
  id: z.string().min(1).max(200),
  kind: AlertKind,
  gateway: z.object({ id: z.string(), name: z.string() }),
  device: z.object({ ip: z.string(), name: z.string() }).optional(),
  at: z.number().int(),
  text: z.string(),
});
export type AlertPayload = z.infer<typeof AlertPayload>;

export const ALERT_SIGNATURE_HEADER = 'x-signature-256';
/** The webhook header carrying AlertPayload.id (the IETF httpapi Idempotency-Key header's name). */
export const ALERT_IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * Every HTTP request an alert sender makes carries this header; the alert Test routes refuse a request that
 * carries it (508), so a channel pointed back at a Test route ends after one delivery instead of looping.
 */
export const ALERT_SENDER_HEADER = 'x-smartthing-alert-sender';

/**
 * A device's own offline threshold (seconds): a device-offline alert for it comes after this long instead of
 * the gateway's `deviceOfflineAfter`. `GET /api/alerts/thresholds` lists them.
 */
export const ALERT_THRESHOLDS_MAX = 1000;
const offlineAfter = z
  .number()
  .int()
  .min(1)
  .max(7 * 86_400);
export const AlertDeviceThreshold = z.object({ ip: DeviceAddress, offlineAfter });
export type AlertDeviceThreshold = z.infer<typeof AlertDeviceThreshold>;
/** `PUT /api/alerts/thresholds`: sets one device's threshold; `offlineAfter: null` goes back to the global one. */
export const AlertThresholdSet = z.object({ ip: DeviceAddress, offlineAfter: offlineAfter.nullable() });
export type AlertThresholdSet = z.infer<typeof AlertThresholdSet>;

/** The channel types (the history names the type a delivery went out on). */
export const AlertDestinationType = z.enum(['webhook', 'ntfy', 'email']);

/** How one alert's delivery to one destination went (`none`: no channel was set up when it fired). */
export const ALERT_DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'dropped', 'none'] as const;
export const AlertDeliveryStatus = z.enum(ALERT_DELIVERY_STATUSES);
export type AlertDeliveryStatus = z.infer<typeof AlertDeliveryStatus>;

/** One row of the alert history: an alert that fired and its delivery to one destination. */
export const AlertHistoryEntry = z.object({
  id: z.number().int(),
  /** when it fired (epoch ms) */
  at: z.number().int(),
  kind: AlertKind,
  text: z.string(),
  device: z.object({ ip: z.string(), name: z.string() }).optional(),
  /** the channel it went to, as it was then; absent for `none` */
  channel: z.object({ id: z.string(), type: AlertDestinationType.optional() }).optional(),
  status: AlertDeliveryStatus,
  attempts: z.number().int().nonnegative(),
  /** the last delivery error (a failed, retrying or dropped delivery) */
  error: z.string().optional(),
  /** when it was sent, given up or dropped (epoch ms) */
  doneAt: z.number().int().optional(),
});
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntry>;

export const ALERT_HISTORY_PAGE_MAX = 200;
/** `GET /api/alerts/history?ip=&kind=&before=&limit=`: newest first; the next page passes `next` as `before`. */
export const AlertHistoryQuery = z.object({
  ip: DeviceAddress.optional(),
  kind: AlertKind.optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(ALERT_HISTORY_PAGE_MAX).default(50),
});
export type AlertHistoryQuery = z.infer<typeof AlertHistoryQuery>;
export type AlertHistoryQueryInput = z.input<typeof AlertHistoryQuery>;
export const AlertHistoryPage = z.object({
  entries: z.array(AlertHistoryEntry),
  /** `before` of the next page; absent on the last one */
  next: z.number().int().optional(),
});
export type AlertHistoryPage = z.infer<typeof AlertHistoryPage>;

// Business constants, limits and timeouts shared by every part. Sources: spec section 9, design.md, and
// the original system's behaviour (reference/*.md) where our design keeps it. Change a number here, not at
// its use.
import { BEACON_INTERVAL_MS } from './device/beacon';

/** Timeouts nest: the console waits longest, so it always receives the inner, meaningful error. */
export const TIMEOUTS = {
  /** Every console HTTP call (spec section 7). */
  consoleRequestMs: 5000,
  /** The cloud waiting for a gateway's answer over the link, then 504. */
  relayMs: 4500,
  /** The gateway waiting for a device's HTTP answer. */
  deviceMs: 4000,
  /** STOMP clients (console and gateway link) reconnect after this delay, forever while wanted. */
  reconnectDelayMs: 5000,
  /** STOMP heart-beat, both directions (spec: outgoing 10000 ms). */
  heartbeatMs: 10000,
  /** How long the device firmware waits when it POSTs a notification to the gateway. */
  deviceNotificationPostMs: 2000,
} as const;

export const TOAST = {
  /** Auto-close delay of non-persistent toasts. */
  autoCloseMs: 2500,
  /** The hide animation after auto-close. */
  hideAnimationMs: 500,
} as const;

/** Modal widths in px (spec: small, regular = default, large). */
export const DIALOG_WIDTHS = { small: 250, regular: 400, large: 550 } as const;
export type DialogSize = keyof typeof DIALOG_WIDTHS;

export const GATEWAY_LIMITS = {
  nameMaxLength: 32,
  /** Our choice (the original stored descriptions in varchar(32) and failed above it). */
  descriptionMaxLength: 256,
} as const;

export const SESSION = {
  /** localStorage key of the cloud refresh token (spec). */
  refreshTokenStorageKey: 'refresh-token',
  /** Access token lifetime (design.md). */
  accessTokenTtlMs: 15 * 60 * 1000,
  /** Name of the httpOnly cookie that carries the access token. */
  accessCookieName: 'st_access',
  /** A 401 is retried at most once, after one refresh (spec section 9). */
  maxRetriesAfterRefresh: 1,
} as const;

export const CONNECTION_TOKEN_SEPARATOR = '|';

export const LOGS = {
  /** Default number of log lines the gateway keeps (older ones are deleted). */
  retentionDefault: 100_000,
  /** Default and maximum number of lines one `GET /api/devices/logs` returns, newest first. */
  queryDefaultLimit: 200,
  queryMaxLimit: 5000,
} as const;

export const DISCOVERY = {
  /** Devices send a beacon every 2000 ms (firmware fact, kept with the device protocol). */
  beaconIntervalMs: BEACON_INTERVAL_MS,
  /** A device silent this long is lost (the original: last sighting at least 5 s old; 2 lost beacons tolerated). */
  lostAfterMs: 5000,
  /** How often the gateway looks for silent devices. The original looked every 5000 ms (lost after 5-10 s);
   * looking every second reports a loss 5-6 s after the last beacon. */
  lostCheckIntervalMs: 1000,
} as const;

export const OTA = {
  /** espota invitation port per board. */
  invitationPorts: { esp32: 3232, esp8266: 8266 },
  invitationTimeoutMs: 5000,
  chunkBytes: 1024,
  /** Waiting for the device's final `OK` after the last chunk. */
  confirmationTimeoutMs: 50_000,
  /** Waiting for the device to connect back after accepting the invitation (the original waited forever). */
  connectBackTimeoutMs: 10_000,
  /** Uploads running at once; more wait in a queue. */
  maxParallelUploads: 5,
  /** Largest firmware image the gateway accepts (16 MiB, the largest ESP flash). */
  firmwareMaxBytes: 16 * 1024 * 1024,
} as const;

/** Largest JSON request body our servers accept. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** Console layout: the device search panel auto-expands when (width - 800) / 2 exceeds this. */
export const SEARCH_PANEL_EXPAND_MIN_PX = 350;

export function searchPanelAutoExpands(windowWidth: number): boolean {
  return (windowWidth - 800) / 2 > SEARCH_PANEL_EXPAND_MIN_PX;
}

export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Browser storage keys of the console's preferences. */
export const STORAGE_KEYS = {
  refreshToken: SESSION.refreshTokenStorageKey,
  theme: 'color-theme',
  locale: 'locale',
} as const;

/** Version every part reports in its build info. */
export const PRODUCT_VERSION = '1.0.0';

/** The STOMP endpoint, relative to the serving base path. */
export const STOMP_PATH = 'api/st-ws';

/**
 * Large bodies (firmware uploads, up to OTA.firmwareMaxBytes) get time by their size on top of the usual
 * timeout of each hop (console, relay), so a 16 MiB image over a slow link is not cut off after 5 s (issue 21).
 * The rate is the slowest link we still serve: 128 KiB/s (about 1 Mbit/s, a phone's upload).
 */
export const TRANSFER = { minBytesPerSecond: 128 * 1024 } as const;

/** Extra milliseconds a hop allows for carrying `bytes` at the slowest rate we serve. */
export function transferAllowanceMs(bytes: number): number {
  return Math.ceil((Math.max(0, bytes) / TRANSFER.minBytesPerSecond) * 1000);
}

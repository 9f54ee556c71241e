import { z } from 'zod';
import { DeviceAddress } from './common';

// A device's timeline (issue 16): what happened to it, on one time axis, newest first.

export const TIMELINE_KINDS = [
  'found',
  'lost',
  'rename',
  'reboot',
  'crash-loop',
  'crash-loop-ended',
  'ota',
  'settings-export',
  'settings-import',
  'config',
  'wifi',
  'hooks',
  'action',
  'restart',
  'notification',
  'alert',
] as const;
export const TimelineKind = z.enum(TIMELINE_KINDS);
export type TimelineKind = z.infer<typeof TimelineKind>;

/** One entry: `t` (epoch ms), `kind`, a readable `text`, and kind-specific details beside them. */
export const TimelineEntry = z.looseObject({
  id: z.number().int(),
  t: z.number().int(),
  ip: z.string(),
  kind: TimelineKind,
  text: z.string(),
  /** how it came: `cloud` through the relay, `console` on the gateway, `home-assistant` over MQTT */
  via: z.enum(['console', 'cloud', 'home-assistant']).optional(),
  /** who did it, in cloud mode: the cloud user's login */
  by: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const TIMELINE_PAGE_MAX = 500;

/**
 * `GET /api/devices/timeline?ip=&from=&to=&before=&limit=&kinds=a,b`: entries with from <= t <= to, newest
 * first; the next page passes the last entry's `t` as `to` and its `id` as `before`.
 */
export const TimelineQuery = z.object({
  ip: DeviceAddress,
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(100),
  /** comma-separated kinds to keep (all when absent) */
  kinds: z
    .string()
    .max(400)
    .refine(
      (s) => s.split(',').every((k) => TimelineKind.safeParse(k.trim()).success),
      'Unknown timeline kind',
    )
    .optional(),
});
export type TimelineQuery = z.infer<typeof TimelineQuery>;
export type TimelineQueryInput = z.input<typeof TimelineQuery>;

/** The kinds of a `kinds=` filter (already checked by TimelineQuery); undefined means all. */
export function timelineKinds(kinds: string | undefined): TimelineKind[] | undefined {
  if (kinds === undefined || kinds.trim() === '') return undefined;
  return kinds.split(',').flatMap((k) => {
    const parsed = TimelineKind.safeParse(k.trim());
    return parsed.success ? [parsed.data] : [];
  });
}

/** Crash-loop state of the devices that are in one now (overview and panel badges). */
export const CrashLoopState = z.object({
  ip: z.string(),
  since: z.number().int(),
  reboots: z.number().int(),
});
export type CrashLoopState = z.infer<typeof CrashLoopState>;

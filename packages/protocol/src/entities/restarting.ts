import { z } from 'zod';
import { TaggedDevice } from './tags';

// A device the gateway told to restart (or that confirmed an OTA image) is held as "restarting" until it
// answers again having booted, or its restart window (a minute) passes: it is neither lost nor reachable then.

/** What made a device restart on purpose: a command through the gateway, or an OTA image it confirmed. */
export const RestartCause = z.enum(['importSettings', 'restart', 'wipe', 'ota']);
export type RestartCause = z.infer<typeof RestartCause>;

/** A found device as `GET /api/devices/found` answers it: `restarting` while the gateway holds it so. */
export const FoundDevice = TaggedDevice.extend({ restarting: z.literal(true).optional() });
export type FoundDevice = z.infer<typeof FoundDevice>;

/**
 * The `/devices/restarting` topic: a device starts restarting (`restarting: true`, with why and since when,
 * epoch ms) or stops (`false`: `back`, or its window passed and it is lost like any silent device).
 */
export const DeviceRestartState = z.object({
  ip: z.string(),
  restarting: z.boolean(),
  cause: RestartCause.optional(),
  since: z.number().int().optional(),
  /** on an end: the device answered again (true), or its window passed without it (false) */
  back: z.boolean().optional(),
});
export type DeviceRestartState = z.infer<typeof DeviceRestartState>;

import { z } from 'zod';
import { SensorsSchema } from '../device/index';

// Sensor history: what the gateway's sampler reads from every device each round, and publishes live.

/**
 * One device's reading in one sampling round (`device.sampled` on the gateway bus, the `/devices/samples`
 * topic). `ok: false` records that the device did not answer: a gap, never zeros.
 */
export const DeviceSampleSchema = z.object({
  /** device address, ip or ip:port */
  ip: z.string(),
  /** epoch ms when the sample was taken */
  t: z.number().int(),
  /** false: device unreachable this round (a gap) */
  ok: z.boolean(),
  /** present when ok and the device has sensors */
  sensors: SensorsSchema.optional(),
  /** ms since boot, from getMetrics (the firmware counts milliseconds: `millis()`) */
  uptime: z.number().int().nonnegative().optional(),
  /** free heap bytes, from getMetrics */
  heap: z.number().int().optional(),
  /** from getMetrics */
  resetReason: z.string().optional(),
});
export type DeviceSample = z.infer<typeof DeviceSampleSchema>;

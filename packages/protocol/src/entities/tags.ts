import { z } from 'zod';
import { DeviceInfoSchema } from '../device/index';
import { plainName } from '../text';
import { DeviceAddress } from './common';

// Device tags (issue 37): short free text a user puts on a device ("kitchen", "beta", "site-2") to filter
// and select by, kept by the gateway per device address.

export const TAG_LIMITS = { maxLength: 32, perDevice: 16, bulkDevices: 1000 } as const;

/** One tag: trimmed, 1-32 characters, no control characters; compared as given (case kept). */
export const DeviceTag = plainName(
  z
    .string()
    .trim()
    .min(1, 'A tag must not be empty')
    .max(TAG_LIMITS.maxLength, `A tag must be at most ${TAG_LIMITS.maxLength} characters`),
);
export type DeviceTag = z.infer<typeof DeviceTag>;

/** A device's tags: at most 16, kept in the order given (the gateway drops repeats). */
export const DeviceTags = z
  .array(DeviceTag)
  .max(TAG_LIMITS.perDevice, `A device carries at most ${TAG_LIMITS.perDevice} tags`);
export type DeviceTags = z.infer<typeof DeviceTags>;

/** `GET /api/devices/tags`: device address -> its tags (devices without tags are left out). */
export const DeviceTagMap = z.record(z.string(), z.array(z.string()));
export type DeviceTagMap = z.infer<typeof DeviceTagMap>;

/** `PUT /api/devices/tags?ip=`: the device's tags from now on (an empty list removes them all). */
export const DeviceTagsBody = z.object({ tags: DeviceTags });
export type DeviceTagsBody = z.infer<typeof DeviceTagsBody>;

/** The answer of `PUT /api/devices/tags`: the device's tags now. */
export const DeviceTagsAnswer = z.object({ tags: z.array(z.string()) });
export type DeviceTagsAnswer = z.infer<typeof DeviceTagsAnswer>;

/** `POST /api/devices/tags/bulk`: add and/or remove tags on many devices at once. */
export const DeviceTagsBulk = z
  .object({
    ips: z
      .array(DeviceAddress)
      .min(1, 'Choose at least one device')
      .max(TAG_LIMITS.bulkDevices, `At most ${TAG_LIMITS.bulkDevices} devices at once`),
    add: DeviceTags.optional(),
    remove: DeviceTags.optional(),
  })
  .refine((b) => (b.add?.length ?? 0) + (b.remove?.length ?? 0) > 0, {
    message: 'Give tags to add or to remove',
    path: ['add'],
  });
export type DeviceTagsBulk = z.infer<typeof DeviceTagsBulk>;

/** `?tag=` on the device lists: only devices carrying this tag. */
export const DeviceTagFilter = z.object({ tag: DeviceTag.optional() });
export type DeviceTagFilter = z.infer<typeof DeviceTagFilter>;

/** A found device as the device lists answer it: with its tags (absent when it has none). */
export const TaggedDevice = DeviceInfoSchema.extend({ tags: z.array(z.string()).optional() });
export type TaggedDevice = z.infer<typeof TaggedDevice>;

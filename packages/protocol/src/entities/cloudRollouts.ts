import { z } from 'zod';
import { DateTime, DeviceAddress, Id } from './common';
import {
  ROLLOUT_LIMITS,
  RolloutCreate,
  RolloutDevice,
  RolloutDeviceState,
  RolloutSettings,
  RolloutState,
  RolloutWaveSummary,
  TagTarget,
  TypeBoardTarget,
} from './rollouts';
import { DeviceTag, DeviceTags } from './tags';

// Rollouts across gateways, run by the cloud (issue 37): one firmware, one plan of waves counted over every
// device of every chosen gateway; each gateway runs its part of a wave with its own rollout engine.

export const CLOUD_ROLLOUT_LIMITS = { maxGateways: 200 } as const;

/** `PUT /api/gateway/management/:id/tags`: the gateway's tags from now on (same rules as device tags). */
export const GatewayTagsBody = z.object({ tags: DeviceTags });
export type GatewayTagsBody = z.infer<typeof GatewayTagsBody>;

/** What a cloud rollout updates on each gateway: a device tag, a type and board, or devices picked per gateway. */
export const CloudRolloutTarget = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('devices'),
    devices: z
      .array(z.object({ gatewayId: Id, ip: DeviceAddress }))
      .min(1, 'Choose at least one device')
      .max(ROLLOUT_LIMITS.maxTargetDevices, `At most ${ROLLOUT_LIMITS.maxTargetDevices} devices`),
  }),
  TypeBoardTarget,
  TagTarget,
]);
export type CloudRolloutTarget = z.infer<typeof CloudRolloutTarget>;

/**
 * The gateways a cloud rollout runs on: those listed, and/or every gateway the caller runs that carries
 * `gatewayTag`. At least one of the two.
 */
export const CloudRolloutGateways = z
  .object({
    ids: z.array(Id).max(CLOUD_ROLLOUT_LIMITS.maxGateways).optional(),
    tag: DeviceTag.optional(),
  })
  .refine((g) => (g.ids?.length ?? 0) > 0 || g.tag !== undefined, {
    message: 'Choose at least one gateway, or a gateway tag',
  });
export type CloudRolloutGateways = z.infer<typeof CloudRolloutGateways>;

/** `POST /api/cloud-rollouts`: the firmware is taken from one gateway's library (`source`). */
export const CloudRolloutCreate = RolloutCreate.omit({ firmwareId: true, target: true, quiet: true }).extend({
  source: z.object({ gatewayId: Id, firmwareId: Id }),
  gateways: CloudRolloutGateways,
  target: CloudRolloutTarget,
});
export type CloudRolloutCreate = z.infer<typeof CloudRolloutCreate>;

/** `POST /api/cloud-rollouts/preview`: matching devices per gateway now (nothing starts). */
export const CloudRolloutPreviewRequest = CloudRolloutCreate.pick({
  source: true,
  gateways: true,
  target: true,
});
export type CloudRolloutPreviewRequest = z.infer<typeof CloudRolloutPreviewRequest>;

export const CloudRolloutPreview = z.object({
  matched: z.number().int(),
  gateways: z.array(
    z.object({
      gatewayId: Id,
      name: z.string(),
      online: z.boolean(),
      /** devices it would update (absent: offline, counted when it links) */
      matched: z.number().int().optional(),
    }),
  ),
});
export type CloudRolloutPreview = z.infer<typeof CloudRolloutPreview>;

/**
 * One gateway's part. PLANNING: offline since the rollout began, its devices are counted when it links;
 * ACTIVE: its devices are planned; DONE: every one of them is over.
 */
export const CloudRolloutGatewayState = z.enum(['PLANNING', 'ACTIVE', 'DONE']);
export type CloudRolloutGatewayState = z.infer<typeof CloudRolloutGatewayState>;

export const CloudRolloutGateway = z.object({
  gatewayId: Id,
  name: z.string(),
  online: z.boolean(),
  state: CloudRolloutGatewayState,
  /** the firmware's id in this gateway's library (absent: not sent yet) */
  firmwareId: z.string().optional(),
  /** times the cloud sent the firmware file to this gateway (0 for the source gateway, else at most 1) */
  firmwareSends: z.number().int().min(0),
  /** the gateway's own rollout per wave it ran (wave index -> gateway rollout id) */
  parts: z.record(z.string(), z.string()),
  /** waves owed while it was offline, run when it links again */
  behind: z.boolean(),
  /** devices with their wave counted over all gateways */
  devices: z.array(RolloutDevice),
});
export type CloudRolloutGateway = z.infer<typeof CloudRolloutGateway>;

export const CloudRolloutFirmware = z.object({
  sourceGatewayId: Id,
  sourceFirmwareId: Id,
  board: z.string(),
  type: z.string(),
  version: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  size: z.number().int(),
});
export type CloudRolloutFirmware = z.infer<typeof CloudRolloutFirmware>;

export const CloudRolloutSummary = z.object({
  id: Id,
  name: z.string(),
  createdBy: z.string(),
  firmware: CloudRolloutFirmware,
  target: CloudRolloutTarget,
  settings: RolloutSettings,
  state: RolloutState,
  currentWave: z.number().int().min(0),
  reason: z.string().optional(),
  createdAt: DateTime,
  updatedAt: DateTime,
  finishedAt: DateTime.optional(),
  expiresAt: DateTime,
  /** waves over every gateway's devices */
  waves: z.array(RolloutWaveSummary),
  counts: z.partialRecord(RolloutDeviceState, z.number().int()),
  gatewayIds: z.array(Id),
});
export type CloudRolloutSummary = z.infer<typeof CloudRolloutSummary>;

/** `GET /api/cloud-rollouts/:id`: the rollout with every gateway's progress and per-device verdicts. */
export const CloudRollout = CloudRolloutSummary.extend({ gateways: z.array(CloudRolloutGateway) });
export type CloudRollout = z.infer<typeof CloudRollout>;

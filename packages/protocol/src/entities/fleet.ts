import { z } from 'zod';
import { GatewayRole } from './accounts';
import { BACKUP_LIMITS, BackupDeviceInfo, BackupSource } from './backups';
import { DateTime, DeviceAddress } from './common';

/** Most devices a gateway's summary names (its search index in the cloud); the counts cover all of them. */
export const FLEET_LIMITS = {
  devicesMax: 2000,
  deviceNameMax: 64,
  /** the longest search text of the cross-gateway overview */
  queryMax: 64,
} as const;

/** One device as a gateway's summary names it (for the cloud's search across gateways). */
export const FleetDevice = z.object({
  ip: DeviceAddress,
  name: z.string().max(FLEET_LIMITS.deviceNameMax),
  online: z.boolean(),
});
export type FleetDevice = z.infer<typeof FleetDevice>;

/**
 * What a linked gateway tells the cloud of its fleet (gateway -> cloud over the link, `/link/summary`): at
 * connect and every minute while linked. Counts: devices known (heard now, saved or remembered), those online,
 * those whose firmware library holds a newer image, those in a crash loop now.
 */
export const GatewaySummary = z.object({
  devices: z.number().int().nonnegative(),
  online: z.number().int().nonnegative(),
  outdated: z.number().int().nonnegative(),
  crashLooping: z.number().int().nonnegative(),
  /** the gateway's local name (its host name unless renamed), shown as its site when the cloud has none */
  localName: z.string().max(128).optional(),
  names: z.array(FleetDevice).max(FLEET_LIMITS.devicesMax),
});
export type GatewaySummary = z.infer<typeof GatewaySummary>;

/** `GET /api/fleet?q=`: search by gateway name, site or device name (case-insensitive); absent or empty: all. */
export const FleetQuery = z.object({
  q: z
    .string()
    .trim()
    .max(FLEET_LIMITS.queryMax, `Search text is longer than ${FLEET_LIMITS.queryMax} characters`)
    .optional(),
});
export type FleetQuery = z.infer<typeof FleetQuery>;

/** One gateway of the cross-gateway overview. `summary` is null until the gateway has reported one. */
export const FleetGateway = z.object({
  id: z.string(),
  name: z.string(),
  /** the gateway's description in the cloud, or the local name it reported */
  site: z.string(),
  online: z.boolean(),
  role: GatewayRole,
  summary: z
    .object({
      devices: z.number().int().nonnegative(),
      online: z.number().int().nonnegative(),
      outdated: z.number().int().nonnegative(),
      crashLooping: z.number().int().nonnegative(),
      reportedAt: DateTime,
    })
    .nullable(),
  /** with a search: the devices of this gateway whose name or address matched (at most 20) */
  matches: z.array(FleetDevice),
});
export type FleetGateway = z.infer<typeof FleetGateway>;

/** One backup version the cloud keeps, without its settings (the list of a gateway's cloud copies). */
export const CloudBackupVersion = z.object({
  id: z.string().max(BACKUP_LIMITS.idMaxChars),
  ip: DeviceAddress,
  device: BackupDeviceInfo,
  source: BackupSource,
  creationDateTime: DateTime,
});
export type CloudBackupVersion = z.infer<typeof CloudBackupVersion>;

export const CloudBackupParams = z.object({ gatewayId: z.string().min(1).max(64) });
export const CloudBackupVersionsQuery = z.object({ ip: DeviceAddress.optional() });
export const CloudBackupVersionParams = z.object({
  gatewayId: z.string().min(1).max(64),
  id: z.string().min(1).max(BACKUP_LIMITS.idMaxChars),
});

/** One version with its settings dump; a viewer's has the Wi-Fi password masked (`secretsMasked`). */
export const CloudBackupVersionDetail = CloudBackupVersion.extend({
  dump: z.string(),
  secretsMasked: z.boolean(),
});
export type CloudBackupVersionDetail = z.infer<typeof CloudBackupVersionDetail>;

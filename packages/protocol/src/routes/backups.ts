import { z } from 'zod';
import {
  BackupArchiveImport,
  BackupCloudPull,
  BackupCopy,
  BackupOverview,
  BackupRestoreManyRequest,
  BackupRestoreManyResult,
  BackupRestoreRequest,
  BackupRestoreResult,
  BackupRunResult,
  BackupSchedule,
  BackupVersionsQuery,
} from '../entities/backups';
import { SettingsDumpRecord } from '../entities/devices';
import {
  CloudBackupParams,
  CloudBackupVersion,
  CloudBackupVersionDetail,
  CloudBackupVersionParams,
  CloudBackupVersionsQuery,
} from '../entities/fleet';
import { route } from './define';

// Scheduled fleet backups (issue 18). Gateway routes are relayable so the console works the same in cloud
// mode; the cloud's own copies are read by the gateway's owners (user) or by the gateway itself (its token).

const gw = { server: 'gateway', relayable: true } as const;

export const BACKUP_ROUTES = {
  'gateway.backups.overview': route({
    ...gw,
    method: 'GET',
    path: '/api/backups',
    response: BackupOverview,
    summary: 'Backup schedule, last run, and each device with its last backup time',
  }),
  'gateway.backups.schedule.get': route({
    ...gw,
    method: 'GET',
    path: '/api/backups/schedule',
    response: BackupSchedule,
    summary: 'The backup schedule',
  }),
  'gateway.backups.schedule.set': route({
    ...gw,
    method: 'PUT',
    path: '/api/backups/schedule',
    body: BackupSchedule,
    response: BackupSchedule,
    summary: 'Change the backup schedule (enabled, every seconds, keep versions per device)',
  }),
  'gateway.backups.run': route({
    ...gw,
    method: 'POST',
    path: '/api/backups/run',
    response: BackupRunResult,
    summary: 'Back up every found and saved device now',
  }),
  'gateway.backups.versions': route({
    ...gw,
    method: 'GET',
    path: '/api/backups/versions',
    query: BackupVersionsQuery,
    response: z.array(SettingsDumpRecord),
    summary: "One device's backup versions, newest first",
  }),
  'gateway.backups.restore': route({
    ...gw,
    method: 'POST',
    path: '/api/backups/restore',
    body: BackupRestoreRequest,
    response: BackupRestoreResult,
    summary: 'Import a backup into a device of the same type (the device restarts)',
  }),
  'gateway.backups.restoreAll': route({
    ...gw,
    method: 'POST',
    path: '/api/backups/restore-all',
    body: BackupRestoreManyRequest,
    response: BackupRestoreManyResult,
    summary: 'Import backups into their devices, several devices at once (the gateway limits how many)',
  }),
  'gateway.backups.archive': route({
    ...gw,
    method: 'GET',
    path: '/api/backups/archive',
    response: z.unknown(),
    responseKind: 'binary',
    summary: "Every device's latest backup as one zip",
  }),
  'gateway.backups.archive.upload': route({
    ...gw,
    method: 'POST',
    path: '/api/backups/archive',
    bodyKind: 'raw',
    response: BackupArchiveImport,
    summary: 'Bring backups from a zip made by the archive download',
  }),
  'gateway.backups.cloud.pull': route({
    ...gw,
    method: 'POST',
    path: '/api/backups/cloud/pull',
    response: BackupCloudPull,
    summary: "Fetch this gateway record's backups from the cloud (for a new gateway)",
  }),
} as const;

export const BACKUP_CLOUD_ROUTES = {
  'cloud.backups.list': route({
    server: 'cloud',
    relayable: false,
    method: 'GET',
    path: '/api/gateway/backups/:gatewayId',
    params: z.object({ gatewayId: z.string().min(1) }),
    response: z.array(BackupCopy),
    summary: "A gateway's backups kept by the cloud (its owners only), newest first",
  }),
  'cloud.backups.versions': route({
    server: 'cloud',
    relayable: false,
    method: 'GET',
    path: '/api/cloud-backups/:gatewayId',
    params: CloudBackupParams,
    query: CloudBackupVersionsQuery,
    response: z.array(CloudBackupVersion),
    summary:
      'The backup versions the cloud keeps of a gateway (any member; works while it is offline), newest first',
  }),
  'cloud.backups.version': route({
    server: 'cloud',
    relayable: false,
    method: 'GET',
    path: '/api/cloud-backups/:gatewayId/:id',
    params: CloudBackupVersionParams,
    response: CloudBackupVersionDetail,
    summary: "One kept version with its settings (a viewer's with the Wi-Fi password masked)",
  }),
  'cloud.backups.download': route({
    server: 'cloud',
    relayable: false,
    method: 'GET',
    path: '/api/cloud-backups/:gatewayId/:id/file',
    params: CloudBackupVersionParams,
    response: z.unknown(),
    responseKind: 'binary',
    summary: "One kept version's settings dump as a file (a viewer's with the Wi-Fi password masked)",
  }),
  'cloud.backups.own': route({
    server: 'cloud',
    relayable: false,
    method: 'GET',
    path: '/api/gateway/backups',
    response: z.array(BackupCopy),
    summary: "The calling gateway's backups kept by the cloud (gateway token)",
  }),
} as const;

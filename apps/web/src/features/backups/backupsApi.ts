import {
  BACKUP_ROUTES,
  BackupArchiveImport,
  type BackupSchedule,
  buildPath,
  CLOUD_ROUTES,
} from '@st/protocol';
import type { GatewayFetch, GatewayTarget } from '../../api/gatewayFetch';
import type { HttpClient } from '../../api/http';
import { cloudRequest, gatewayCall } from '../../api/routes';
import { resolveUrl } from '../../api/transport';
import type { ConsoleMode } from '../../app/runtime';

export interface BackupsApiContext {
  mode: ConsoleMode;
  baseUrl: string;
  http: HttpClient;
  gatewayFetch: GatewayFetch;
  gateway: GatewayTarget | undefined;
}

const ARCHIVE_PATH = BACKUP_ROUTES['gateway.backups.archive'].path;

/** The gateway's backup routes, direct or through the cloud relay (the zip through the raw relay). */
export function backupsApi(ctx: BackupsApiContext) {
  const { mode, baseUrl, http, gatewayFetch: call, gateway } = ctx;
  /** Where the zip is: the gateway's own URL, or the cloud's raw relay (a POST). */
  const archiveUrl = (method: 'GET' | 'POST') => {
    if (mode === 'gateway') return resolveUrl(baseUrl, ARCHIVE_PATH);
    if (gateway === undefined) throw new Error('No gateway chosen');
    return resolveUrl(
      baseUrl,
      buildPath(
        CLOUD_ROUTES['cloud.relay.raw'].path,
        { gatewayId: gateway.id },
        { url: ARCHIVE_PATH, method },
      ),
    );
  };
  return {
    overview: () => call(gateway, gatewayCall(BACKUP_ROUTES, 'gateway.backups.overview')),
    setSchedule: (schedule: BackupSchedule) =>
      call(gateway, gatewayCall(BACKUP_ROUTES, 'gateway.backups.schedule.set', { body: schedule })),
    run: () => call(gateway, gatewayCall(BACKUP_ROUTES, 'gateway.backups.run')),
    versions: (ip: string) =>
      call(gateway, gatewayCall(BACKUP_ROUTES, 'gateway.backups.versions', { query: { ip } })),
    restore: (id: string, ip: string) =>
      call(gateway, gatewayCall(BACKUP_ROUTES, 'gateway.backups.restore', { body: { id, ip } })),
    /** Restores several devices in one call; the gateway imports a limited number of them at once. */
    restoreMany: (items: Array<{ id: string; ip: string }>) =>
      call(gateway, gatewayCall(BACKUP_ROUTES, 'gateway.backups.restoreAll', { body: { items } })),
    pullFromCloud: () => call(gateway, gatewayCall(BACKUP_ROUTES, 'gateway.backups.cloud.pull')),
    /** Sends a zip made by the download; the gateway refuses anything else with 400. */
    upload: (file: Blob) => {
      const zip = new Blob([file], { type: 'application/zip' });
      if (mode === 'gateway') {
        return http.request({ method: 'POST', path: ARCHIVE_PATH, body: zip, schema: BackupArchiveImport });
      }
      if (gateway === undefined) return Promise.reject(new Error('No gateway chosen'));
      const relay = cloudRequest(CLOUD_ROUTES, 'cloud.relay.raw', {
        params: { gatewayId: gateway.id },
        query: { url: ARCHIVE_PATH, method: 'POST' },
      });
      return http.request({ ...relay, body: zip, schema: BackupArchiveImport });
    },
    /** Fetches the zip and hands it to the browser as a download; an expired session is renewed once. */
    download: async (renewSession: () => Promise<unknown>) => {
      const method = mode === 'gateway' ? 'GET' : 'POST';
      const get = () => fetch(archiveUrl('GET'), { method, credentials: 'include' });
      let response = await get();
      if (response.status === 401) {
        await renewSession();
        response = await get();
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      const href = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = href;
      a.download = name ?? 'smartthing-backups.zip';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    },
  };
}

export type BackupsApi = ReturnType<typeof backupsApi>;

export const backupKeys = {
  overview: (gatewayId: string) => ['backups', gatewayId] as const,
  versions: (gatewayId: string, ip: string) => ['backups', gatewayId, 'versions', ip] as const,
};

import { BACKUP_CLOUD_ROUTES, buildPath, CLOUD_ROUTES } from '@st/protocol';
import type { HttpClient } from '../../api/http';
import { cloudRequest } from '../../api/routes';

/** The cloud's own reads for the cross-gateway overview and the backup copies it keeps. */
export function cloudFleetApi(http: HttpClient) {
  return {
    overview: (q: string) =>
      http.request(cloudRequest(CLOUD_ROUTES, 'cloud.fleet.overview', { query: q === '' ? {} : { q } })),
    versions: (gatewayId: string) =>
      http.request(
        cloudRequest(BACKUP_CLOUD_ROUTES, 'cloud.backups.versions', { params: { gatewayId }, query: {} }),
      ),
    version: (gatewayId: string, id: string) =>
      http.request(cloudRequest(BACKUP_CLOUD_ROUTES, 'cloud.backups.version', { params: { gatewayId, id } })),
  };
}

/** The address of a version's settings file (a plain link: the browser downloads it with the session cookie). */
export function versionFileUrl(basePath: string, gatewayId: string, id: string): string {
  return `${basePath}${buildPath(BACKUP_CLOUD_ROUTES['cloud.backups.download'].path, { gatewayId, id }).slice(1)}`;
}

export const cloudFleetKeys = {
  overview: (q: string) => ['cloud-fleet', 'overview', q] as const,
  versions: (gatewayId: string) => ['cloud-fleet', 'versions', gatewayId] as const,
  version: (gatewayId: string, id: string) => ['cloud-fleet', 'version', gatewayId, id] as const,
};

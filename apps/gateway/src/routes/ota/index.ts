import multipart from '@fastify/multipart';
import type { HttpApp } from '@st/server-kit';
import type { OtaRouteDeps, OtaScope } from './deps';
import { firmwareRoutes } from './firmware';
import { uploadRoutes } from './upload';

export type { OtaRouteDeps, OtaScope } from './deps';

/** Firmware library and upload routes (`/api/ota/firmware*`). */
export async function otaRoutes(app: HttpApp, deps: OtaRouteDeps): Promise<void> {
  await app.register(async (scope: OtaScope) => {
    await scope.register(multipart, {
      limits: { fileSize: deps.firmwareMaxBytes, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
    });
    firmwareRoutes(scope, deps);
    uploadRoutes(scope, deps);
  });
}

import { BuildInfo } from '@st/protocol';
import type { RouteModule } from '../context';

export const buildRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/build',
    { schema: { tags: ['gateway'], summary: 'Version, build time and mode', response: { 200: BuildInfo } } },
    () => ({ version: ctx.version, buildTime: ctx.buildTime, mode: 'gateway' as const }),
  );
};

import { OK, OTA_ROUTES } from '@st/protocol';
import type { OtaRouteDeps, OtaScope } from './deps';

export function uploadRoutes(scope: OtaScope, deps: OtaRouteDeps): void {
  const tags = ['ota'];
  const r = OTA_ROUTES;
  const start = r['gateway.ota.upload.start'];
  scope.post(start.path, {
    schema: {
      tags,
      summary: start.summary,
      description: 'Answers at once with the queued task; progress follows on /ota/{taskId}.',
      querystring: start.query,
      body: start.body,
      response: { 200: start.response },
    },
    handler: (req) => deps.service.upload(req.query.id, req.body),
  });
  const batch = r['gateway.ota.upload.batch'];
  scope.post(batch.path, {
    schema: {
      tags,
      summary: batch.summary,
      description: 'A device that cannot start (unknown, busy, other board) is left out of the answer.',
      querystring: batch.query,
      body: batch.body,
      response: { 200: batch.response },
    },
    handler: (req) => deps.service.batch(req.query.id, req.body),
  });
  const active = r['gateway.ota.upload.active'];
  scope.get(active.path, {
    schema: { tags, summary: active.summary, response: { 200: active.response } },
    handler: () => deps.service.active(),
  });
  const abort = r['gateway.ota.upload.abort'];
  scope.delete(abort.path, {
    schema: { tags, summary: abort.summary, querystring: abort.query, response: { 200: abort.response } },
    handler: (req) => {
      deps.service.abort(req.query.id);
      return OK;
    },
  });
  const history = r['gateway.ota.upload.history'];
  scope.get(history.path, {
    schema: {
      tags,
      summary: history.summary,
      querystring: history.query,
      response: { 200: history.response },
    },
    handler: (req) => deps.service.history(req.query.limit ?? 100),
  });
}

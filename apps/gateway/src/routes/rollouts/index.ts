import { OK, ROLLOUT_ROUTES } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { RolloutService } from '../../services/rollouts/rolloutService';

/** `/api/rollouts*`: create, preview, list, read, act on and remove firmware rollouts. */
export function rolloutRoutes(app: HttpApp, service: RolloutService): void {
  const tags = ['rollouts'];
  const r = ROLLOUT_ROUTES;
  const list = r['gateway.rollouts.list'];
  app.route({
    method: list.method,
    url: list.path,
    schema: { tags, summary: list.summary, response: { 200: list.response } },
    handler: () => service.list(),
  });
  const preview = r['gateway.rollouts.preview'];
  app.route({
    method: preview.method,
    url: preview.path,
    schema: { tags, summary: preview.summary, body: preview.body, response: { 200: preview.response } },
    handler: (req) => service.preview(req.body.firmwareId, req.body.target),
  });
  const devices = r['gateway.rollouts.devices'];
  app.route({
    method: devices.method,
    url: devices.path,
    schema: { tags, summary: devices.summary, response: { 200: devices.response } },
    handler: () => service.deviceStates(),
  });
  const get = r['gateway.rollouts.get'];
  app.route({
    method: get.method,
    url: get.path,
    schema: { tags, summary: get.summary, params: get.params, response: { 200: get.response } },
    handler: (req) => service.get(req.params.id),
  });
  const create = r['gateway.rollouts.create'];
  app.route({
    method: create.method,
    url: create.path,
    schema: {
      tags,
      summary: create.summary,
      description:
        'Answers 201 with the rollout as started; progress follows on /rollouts. 400 ROLLOUT_NO_DEVICES when ' +
        'no device of the target can take the firmware, 404 FIRMWARE_NOT_FOUND / UNKNOWN_DEVICE.',
      body: create.body,
      response: { 201: create.response },
    },
    handler: async (req, reply) => {
      const rollout = service.create(req.body);
      return reply.status(201).send(rollout);
    },
  });
  const action = r['gateway.rollouts.action'];
  app.route({
    method: action.method,
    url: action.path,
    schema: {
      tags,
      summary: action.summary,
      description: '409 ROLLOUT_STATE_CONFLICT when the rollout cannot do this in its state.',
      params: action.params,
      body: action.body,
      response: { 200: action.response },
    },
    handler: (req) => service.act(req.params.id, req.body.action),
  });
  const remove = r['gateway.rollouts.delete'];
  app.route({
    method: remove.method,
    url: remove.path,
    schema: { tags, summary: remove.summary, params: remove.params, response: { 200: remove.response } },
    handler: (req) => {
      service.delete(req.params.id);
      return OK;
    },
  });
}

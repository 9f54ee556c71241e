import { hookToJson } from '../../hooks/hook';
import { hookTemplates } from '../../hooks/templates';
import { isObject, jsonObject } from '../arduino-json';
import type { DeviceContext } from '../context';
import {
  ALL_ALLOW,
  ALL_METHODS,
  empty,
  error,
  json,
  type Reply,
  type Route,
  rawJson,
  type SimRequest,
} from '../reply';

function list(dev: DeviceContext, req: SimRequest): Reply {
  const sensorName = req.query.get('sensor');
  if (sensorName === null) return error(400, 'Sensor arg are missing!');
  const sensor = dev.sensor(sensorName);
  if (!sensor) return rawJson(200, '{"error":"Sensor name is missing"}');
  const hooks = dev.hooks.list(sensorName);
  if (!hooks || hooks.length === 0) return rawJson(200, 'null');
  return json(
    200,
    hooks.map((h) => hookToJson(h, sensor.kind)),
  );
}

function templates(dev: DeviceContext, req: SimRequest): Reply {
  const sensorName = req.query.get('sensor');
  if (sensorName === null) return error(400, 'Sensor sensor parameter are missing!');
  const sensor = dev.sensor(sensorName);
  if (!sensor) return json(200, {});
  return json(200, hookTemplates(sensor.kind, dev.features.actions ? dev.actionsForTemplates() : null));
}

function test(dev: DeviceContext, req: SimRequest): Reply {
  const sensor = req.query.get('sensor');
  const id = req.query.get('id');
  if (sensor === null || id === null) return error(400, 'Type, sensor or id args are missing!');
  const r = dev.hooks.test(sensor, id, req.query.get('value') ?? undefined);
  return r === 'noHook' ? empty(500) : empty(200);
}

function create(dev: DeviceContext, req: SimRequest): Reply {
  if (req.body === '') return error(400, 'Body is missing!');
  const o = jsonObject(req.body) ?? {};
  if (o.sensor === undefined || o.hook === undefined) return error(400, 'Sensor or hook object are missing');
  if (typeof o.sensor !== 'string') return error(400, 'Parameters sensor type or sensor are missing!');
  const id = isObject(o.hook) ? dev.hooks.create(o.sensor, o.hook) : null;
  if (id === null) return error(500, 'Failed to create hook. Check logs for additional information.');
  return rawJson(201, `{"id":${id}}`);
}

function update(dev: DeviceContext, req: SimRequest): Reply {
  if (req.body === '') return error(400, 'Body is missing!');
  const o = jsonObject(req.body) ?? {};
  const hook = isObject(o.hook) ? o.hook : {};
  const r = dev.hooks.update(typeof o.sensor === 'string' ? o.sensor : 'null', hook);
  return r === 'failed'
    ? error(500, 'Failed to update hook. Check logs for additional information.')
    : empty(200);
}

function remove(dev: DeviceContext, req: SimRequest): Reply {
  const sensor = req.query.get('sensor');
  const id = req.query.get('id');
  if (sensor === null || id === null) return error(400, 'Sensor sensor or id args are missing!');
  const r = dev.hooks.remove(sensor, id);
  return r === 'failed'
    ? error(500, 'Failed to delete hook. Check logs for additional information.')
    : empty(200);
}

/** `/hooks` REST (device-protocol.md §1.10). */
export function hookRoutes(dev: DeviceContext): Route[] {
  return [
    {
      match: { prefix: '/hooks' },
      methods: ALL_METHODS,
      allowMethods: ALL_ALLOW,
      cors: true,
      handle: (req) => {
        const key = `${req.method} ${req.path}`;
        if (key === 'GET /hooks') return list(dev, req);
        if (key === 'GET /hooks/templates') return templates(dev, req);
        if (key === 'GET /hooks/test') return test(dev, req);
        if (key === 'POST /hooks') return create(dev, req);
        if (key === 'PUT /hooks') return update(dev, req);
        if (key === 'DELETE /hooks') return remove(dev, req);
        return undefined;
      },
    },
  ];
}

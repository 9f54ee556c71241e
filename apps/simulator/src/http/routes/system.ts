import { DEVICE_NAME_MAX } from '@st/protocol';
import { jsonObject } from '../arduino-json';
import type { DeviceContext } from '../context';
import { ALL_ALLOW, ALL_METHODS, empty, error, json, type Route, text } from '../reply';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>SmartThing</title>
<link rel="stylesheet" href="/assets/styles.css"></head><body><div id="app"></div>
<script src="/assets/script.js"></script></body></html>`;
const ASSETS: Record<string, [string, string]> = {
  '/assets/script.js': [
    'text/javascript',
    'fetch("/info/system").then(r=>r.json()).then(i=>{document.getElementById("app").textContent=i.name});',
  ],
  '/assets/styles.css': ['text/css', 'body{font-family:sans-serif}'],
};

/** `/health`, `/features`, `/metrics`, `/info/system` and the web page. */
export function systemRoutes(dev: DeviceContext): Route[] {
  const routes: Route[] = [
    {
      match: { on: '/health' },
      methods: ['GET'],
      cors: false,
      handle: () => text(200, 'I am alive!!! :)', false),
    },
    { match: { on: '/features' }, methods: ['GET'], cors: true, handle: () => json(200, dev.features) },
    { match: { on: '/metrics' }, methods: ['GET'], cors: true, handle: () => json(200, dev.metrics()) },
    {
      match: { prefix: '/info' },
      methods: ALL_METHODS,
      allowMethods: ALL_ALLOW,
      cors: true,
      handle: (req) => {
        if (req.path !== '/info/system') return undefined;
        if (req.method === 'GET') return json(200, dev.info());
        if (req.method !== 'PUT') return undefined;
        if (req.body === '') return error(400, 'Body is missing!');
        const name = jsonObject(req.body)?.name;
        if (typeof name !== 'string' || name === '' || name.length > DEVICE_NAME_MAX) {
          return error(400, 'Name is missing or too long (max 16 symbols)');
        }
        dev.rename(name);
        return empty(200);
      },
    },
  ];
  if (dev.features.web) {
    routes.push(
      {
        match: { exact: '/' },
        methods: ['GET'],
        cors: false,
        handle: () => text(200, PAGE, false, 'text/html'),
      },
      {
        match: { prefix: '/assets' },
        methods: ['GET'],
        cors: false,
        handle: (req) => {
          const asset = ASSETS[req.path];
          return asset ? text(200, asset[1], false, asset[0]) : empty(404, false);
        },
      },
    );
  }
  return routes;
}

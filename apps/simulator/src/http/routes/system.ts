import { type Board, DEVICE_NAME_MAX } from '@st/protocol';
import { jsonObject } from '../arduino-json';
import type { DeviceContext } from '../context';
import { ALL_ALLOW, ALL_METHODS, empty, error, json, type Route, text } from '../reply';

const SCRIPT =
  'fetch("/info/system").then(r=>r.json()).then(i=>{document.getElementById("app").textContent=i.name});';
const page = (script: string) => `<!doctype html><html><head><meta charset="utf-8"><title>SmartThing</title>
<link rel="stylesheet" href="/assets/styles.css"></head><body><div id="app"></div>
<script src="${script}"></script></body></html>`;
/** The web page's files: the full build on esp32, the minimal one (info, WiFi, danger zone) on esp8266. */
const ASSETS: Record<Board, Record<string, [string, string]>> = {
  esp32: {
    '/assets/script.js': ['text/javascript', SCRIPT],
    '/assets/styles.css': ['text/css', 'body{font-family:sans-serif}'],
  },
  esp8266: {
    '/assets/minimal-script.js': ['text/javascript', SCRIPT],
  },
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
    // The page, its files and the asset 404 carry the CORS header as the REST routes do (device-protocol.md §11.1).
    const { board } = dev;
    const assets = ASSETS[board];
    const html = page(board === 'esp32' ? '/assets/script.js' : '/assets/minimal-script.js');
    routes.push(
      {
        match: { exact: '/' },
        methods: ['GET'],
        cors: true,
        handle: () => text(200, html, true, 'text/html'),
      },
      {
        match: { prefix: '/assets' },
        methods: ['GET'],
        cors: true,
        handle: (req) => {
          const asset = assets[req.path];
          return asset ? text(200, asset[1], true, asset[0]) : empty(404, true);
        },
      },
    );
  }
  return routes;
}

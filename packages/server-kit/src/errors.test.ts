import { ApiError } from '@st/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors';
import { createHttpApp, type HttpApp } from './http';
import { createLogger } from './logger';

let app: HttpApp;
let base: string;

beforeAll(async () => {
  app = createHttpApp({ logger: createLogger({ name: 'test', level: 'silent' }), bodyLimit: 1024 });
  registerErrorHandling(app);
  app.post(
    '/api/things',
    { schema: { body: z.object({ name: z.string().min(1), n: z.number() }) } },
    (req) => ({
      ok: req.body.name,
    }),
  );
  app.get('/api/teapot', () => {
    throw new ApiError('UNKNOWN_DEVICE', 'No device named teapot');
  });
  app.get('/api/boom', () => {
    throw new Error('secret internals at /etc/passwd');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await app.close();
});

const ErrorBody = z.looseObject({
  code: z.string(),
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});

async function post(path: string, body: string, type = 'application/json') {
  const res = await fetch(base + path, { method: 'POST', body, headers: { 'content-type': type } });
  return { status: res.status, body: ErrorBody.parse(await res.json()) };
}

describe('error handling', () => {
  it('answers validation problems with 400, a readable message and the issues', async () => {
    const r = await post('/api/things', JSON.stringify({ name: '', n: 'x' }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(r.body.message).toMatch(/name/);
    expect(r.body.issues?.map((i) => i.path.join('.'))).toEqual(['body.name', 'body.n']);
  });

  it('answers malformed JSON and oversized bodies with a 4xx and a message', async () => {
    const bad = await post('/api/things', '{"name":');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_JSON');
    expect(typeof bad.body.message).toBe('string');
    const huge = await post('/api/things', JSON.stringify({ name: 'x'.repeat(5000), n: 1 }));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(huge.body.message).toMatch(/too large/i);
  });

  it('passes an ApiError through with its catalog status, code and message', async () => {
    const res = await fetch(`${base}/api/teapot`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'UNKNOWN_DEVICE', message: 'No device named teapot' });
  });

  it('hides the internals of unknown failures', async () => {
    const res = await fetch(`${base}/api/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('passwd');
    expect(JSON.parse(text).code).toBe('INTERNAL');
  });

  it('answers unknown API routes with a 404 JSON naming the route', async () => {
    const res = await fetch(`${base}/api/nothing?x=1`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'No route DELETE /api/nothing' });
  });
});

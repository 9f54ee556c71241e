import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp, type HttpApp } from './http';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { logger: pino({ level, redact: ['req.headers.cookie'] }, stream), lines };
}

describe('request loggers (built on their first line)', () => {
  let app: HttpApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('writes a line with the request id and bindings of an eager child, and nothing below the level', async () => {
    const { logger, lines } = capture('warn');
    app = createHttpApp({ logger });
    const seen: Array<{ reqId: unknown; level: string; enabled: boolean }> = [];
    app.get('/x', async (req) => {
      req.log.info('not written');
      req.log.warn({ part: 'x' }, 'written');
      req.log.child({ deeper: 1 }).error('from a child');
      seen.push({ reqId: req.id, level: req.log.level, enabled: (req.log as Logger).isLevelEnabled('info') });
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    const reqId = seen[0]?.reqId;
    expect(seen).toEqual([{ reqId, level: 'warn', enabled: false }]);
    expect(lines.map((l) => [l.msg, l.reqId, l.part, l.deeper])).toEqual([
      ['written', reqId, 'x', undefined],
      ['from a child', reqId, undefined, 1],
    ]);
  });

  it('follows the parent level set after the app was built, and a route of its own level', async () => {
    const { logger, lines } = capture('warn');
    app = createHttpApp({ logger });
    app.get('/quiet', { logLevel: 'error' }, async (req) => {
      req.log.warn('dropped by the route level');
      return {};
    });
    app.get('/loud', async (req) => {
      req.log.info('kept');
      return {};
    });
    await app.inject({ method: 'GET', url: '/quiet' });
    logger.level = 'info';
    await app.inject({ method: 'GET', url: '/loud' });
    expect(lines.map((l) => l.msg)).toEqual(['kept']);
    expect(lines[0]?.reqId).toBeDefined();
  });
});

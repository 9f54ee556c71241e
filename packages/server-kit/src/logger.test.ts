import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('redacts tokens, passwords, cookies and authorization headers', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const log = createLogger({ name: 't', destination });
    log.info(
      {
        token: 'tok-1',
        body: { password: 'pw-2', refreshToken: 'rt-3' },
        req: { headers: { cookie: 'c=4', authorization: 'Bearer 5', 'smartthing-token-gateway': 'g6' } },
        plain: 'visible',
      },
      'hello',
    );
    const out = lines.join('');
    for (const secret of ['tok-1', 'pw-2', 'rt-3', 'c=4', 'Bearer 5', 'g6'])
      expect(out).not.toContain(secret);
    expect(out).toContain('visible');
    expect(out).toContain('[redacted]');
  });
});

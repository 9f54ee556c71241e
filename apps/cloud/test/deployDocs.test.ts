// docs/deploy.md is copied by operators: its haproxy configuration must be one haproxy accepts, and its error
// page must be the servers' own error shape. Checked with Debian's haproxy (`haproxy -c`) and a throwaway
// self-signed certificate.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiErrorBody } from '@st/protocol';
import { afterAll, describe, expect, it } from 'vitest';

const doc = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
const block = (lang: string) => {
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(doc);
  if (!m?.[1]) throw new Error(`no ${lang} block in docs/deploy.md`);
  return m[1];
};

describe('docs/deploy.md', () => {
  const dir = mkdtempSync(join(tmpdir(), 'st-deploy-doc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives an haproxy configuration that haproxy accepts, checking /api/ready', () => {
    const pem = join(dir, 'cloud.pem');
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=cloud.test',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    expect(made.status).toBe(0);
    writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
    writeFileSync(join(dir, '503.http'), block('http'));
    const config = block('haproxy')
      .replaceAll('/etc/haproxy/certs/cloud.pem', pem)
      .replaceAll('/etc/haproxy/errors/smartthing-503.http', join(dir, '503.http'))
      .replace('maxconn 50000', 'maxconn 1000'); // `-c` parses and loads files; it binds nothing
    expect(config).toContain('option httpchk GET /api/ready');
    const file = join(dir, 'haproxy.cfg');
    writeFileSync(file, config);
    const check = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
    expect(check.stderr + check.stdout, check.stderr).toMatch(/Configuration file is valid/);
    expect(check.status).toBe(0);
  });

  it("gives a balancer error page in the servers' error shape", () => {
    const page = block('http');
    expect(page.split('\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    const body = page.slice(page.indexOf('\n\n') + 2).trim();
    expect(ApiErrorBody.parse(JSON.parse(body)).code).toBe('CLOUD_UNAVAILABLE');
  });
});

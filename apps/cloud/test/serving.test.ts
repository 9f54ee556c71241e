import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNTIME_PLACEHOLDER } from '@st/protocol';
import { freeTcpPort } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, field, startCloud, type TestCloud, testStorage } from './helpers';
import { gwCall, removeDir, startTestGateway, type TestGateway } from './system';

describe('the console in cloud mode, and the gateway logging in to a cloud', () => {
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let gw: TestGateway;

  beforeAll(async () => {
    storage = await testStorage('sqlite');
    const webDist = join(storage.overrides.dataDir ?? '', 'web');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(
      join(webDist, 'index.html'),
      `<html><head>${RUNTIME_PLACEHOLDER}</head><body>console</body></html>`,
    );
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
    cloud = await startCloud({ ...storage.overrides, webDist });
    gw = await startTestGateway();
  });
  afterAll(async () => {
    await gw?.stop();
    await cloud?.stop();
    if (gw) removeDir(gw.dataDir);
    await storage?.stop();
  });

  it('serves index.html with the cloud runtime config for any console route, and assets as files', async () => {
    const page = await fetch(`${cloud.url}/gateways/some-id/control`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('&quot;mode&quot;:&quot;cloud&quot;');
    expect(html).toContain('console');
    const asset = await fetch(`${cloud.url}/assets/app.js`);
    expect(await asset.text()).toBe('console.log(1)');
    const build = await new Browser(cloud.url).call('GET', '/api/build');
    expect(build.body).toMatchObject({ mode: 'cloud' });
    expect((await new Browser(cloud.url).call('GET', '/api/nope')).status).toBe(404);
  });

  it('publishes its OpenAPI document', async () => {
    const doc = await new Browser(cloud.url).call('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    const paths = Object.keys(Object(Reflect.get(Object(doc.body), 'paths')));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/user',
        '/api/gateway/management/list',
        '/api/gateway/requests/device',
      ]),
    );
  });

  it('tells the user of a wrong token "Access denied. Wrong token?" (401)', async () => {
    const r = await gwCall(gw.url, 'POST', '/api/cloud/login', { cloudUrl: cloud.url, token: 'stg_wrong' });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'CLOUD_ACCESS_DENIED', message: 'Access denied. Wrong token?' });
    expect((await gwCall(gw.url, 'GET', '/api/cloud/identity')).body).toBeNull();
    expect((await gwCall(gw.url, 'GET', '/api/cloud/config')).body).toBeNull();
  });

  it('tells the user of an unreachable cloud "Cloud is unavailable" (503)', async () => {
    const port = await freeTcpPort();
    const r = await gwCall(gw.url, 'POST', '/api/cloud/login', {
      cloudUrl: `http://127.0.0.1:${port}`,
      token: 'x',
    });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: 'CLOUD_UNAVAILABLE', message: 'Cloud is unavailable' });
  });

  it('logs in with a good token without connecting, never shows the token, and reports a bare status', async () => {
    const user = new Browser(cloud.url);
    await user.login();
    const id = field(
      (await user.call('POST', '/api/gateway/management/create', { name: 'Shed' })).body,
      'id',
    );
    const token = field((await user.call('POST', `/api/auth/gateway/${id}`)).body, 'token');
    const r = await gwCall(gw.url, 'POST', '/api/cloud/login', { cloudUrl: cloud.url, token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ gateway: { id, name: 'Shed' }, user: { login: 'admin' } });
    const config = await gwCall(gw.url, 'GET', '/api/cloud/config');
    expect(config.body).toEqual({ cloudUrl: cloud.url });
    expect(config.text).not.toContain(token);
    const status = await gwCall(gw.url, 'GET', '/api/cloud/connection/status');
    expect(status.text).toBe('"NOT_CONNECTED"');
    const noCloud = await gwCall(gw.url, 'PUT', '/api/cloud/connection/disconnect');
    expect(noCloud.status).toBe(200);
  });
});

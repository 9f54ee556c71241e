import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, field, type StorageKind, startCloud, type TestCloud, testStorage } from './helpers';

describe.each<StorageKind>(['sqlite', 'postgres'])('gateway management on %s', (kind) => {
  let cloud: TestCloud;
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let b: Browser;

  beforeAll(async () => {
    storage = await testStorage(kind);
    cloud = await startCloud(storage.overrides);
    b = new Browser(cloud.url);
    await b.login();
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('creates, lists, reads, renames and deletes a gateway of the signed-in user', async () => {
    const created = await b.call('POST', '/api/gateway/management/create', {
      name: 'Home',
      description: 'flat',
    });
    expect(created.status).toBe(201);
    const id = field(created.body, 'id');
    expect(created.body).toEqual({
      id,
      name: 'Home',
      description: 'flat',
      online: false,
      haveToken: false,
      role: 'owner',
      sharedBy: null,
      tags: [],
    });

    const list = await b.call('GET', '/api/gateway/management/list');
    expect(list.body).toEqual([
      {
        id,
        name: 'Home',
        description: 'flat',
        online: false,
        haveToken: false,
        role: 'owner',
        sharedBy: null,
        tags: [],
      },
    ]);

    const upd = await b.call('PUT', '/api/gateway/management/update', {
      id,
      name: 'Cottage',
      description: '',
    });
    expect(upd.status).toBe(200);
    const one = await b.call('GET', `/api/gateway/management/${id}`);
    expect(one.body).toMatchObject({ id, name: 'Cottage', description: '' });

    expect((await b.call('DELETE', `/api/gateway/management/delete/${id}`)).status).toBe(200);
    expect((await b.call('GET', `/api/gateway/management/${id}`)).status).toBe(404);
    expect((await b.call('DELETE', `/api/gateway/management/delete/${id}`)).status).toBe(404);
  });

  it('refuses a blank or over-long name with 400 and the reason, and a duplicate name with 409', async () => {
    const blank = await b.call('POST', '/api/gateway/management/create', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(field(blank.body, 'message')).toContain("Gateway name can't be blank");
    expect(field(blank.body, 'code')).toBe('GATEWAY_NAME_BLANK');
    const long = await b.call('POST', '/api/gateway/management/create', { name: 'x'.repeat(33) });
    expect(long.status).toBe(400);
    expect(field(long.body, 'message')).toContain('at most 32 characters');
    // the catalog code lets the console show the reason in the user's language
    expect(field(long.body, 'code')).toBe('GATEWAY_NAME_TOO_LONG');
    const ok = await b.call('POST', '/api/gateway/management/create', { name: 'y'.repeat(32) });
    expect(ok.status).toBe(201);
    const dup = await b.call('POST', '/api/gateway/management/create', { name: 'y'.repeat(32) });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'GATEWAY_NAME_TAKEN' });
    const other = await b.call('POST', '/api/gateway/management/create', { name: 'other' });
    const rename = await b.call('PUT', '/api/gateway/management/update', {
      id: field(other.body, 'id'),
      name: 'y'.repeat(32),
    });
    expect(rename.status).toBe(409);
    const missing = await b.call('PUT', '/api/gateway/management/update', { id: 'nope', name: 'zz' });
    expect(missing.status).toBe(404);
  });

  it('makes a gateway token (replacing the old one), shows haveToken, and deletes it', async () => {
    const g = await b.call('POST', '/api/gateway/management/create', { name: 'Tokened' });
    const id = field(g.body, 'id');
    const t1 = await b.call('POST', `/api/auth/gateway/${id}`);
    expect(t1.status).toBe(200);
    const token1 = field(t1.body, 'token');
    expect((await b.call('GET', `/api/gateway/management/${id}`)).body).toMatchObject({ haveToken: true });

    const asGateway = new Browser(cloud.url);
    const me = await asGateway.call('GET', '/api/auth', undefined, { 'SmartThing-Token-Gateway': token1 });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { login: 'admin' },
      gateway: { id, name: 'Tokened', description: '' },
    });

    const token2 = field((await b.call('POST', `/api/auth/gateway/${id}`)).body, 'token');
    expect(token2).not.toBe(token1);
    const old = await asGateway.call('GET', '/api/auth', undefined, { 'SmartThing-Token-Gateway': token1 });
    expect(old.status).toBe(401);

    expect((await b.call('POST', `/api/auth/gateway/logout/${id}`)).status).toBe(200);
    expect((await b.call('GET', `/api/gateway/management/${id}`)).body).toMatchObject({ haveToken: false });
    const gone = await asGateway.call('GET', '/api/auth', undefined, { 'SmartThing-Token-Gateway': token2 });
    expect(gone.status).toBe(401);
  });

  it('needs a session for every management route', async () => {
    const anon = new Browser(cloud.url);
    expect((await anon.call('GET', '/api/gateway/management/list')).status).toBe(401);
    expect((await anon.call('POST', '/api/gateway/management/create', { name: 'x' })).status).toBe(401);
  });
});

// Load shedding before the relay: beyond ST_RELAY_MAX_ADMITTING requests being checked at once, the cloud
// answers 503 CLOUD_BUSY with Retry-After at once instead of queueing them behind the database.
import { Gateway, TokenResponse } from '@st/protocol';
import { LightLink, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startCloud, type TestCloud, testStorage } from './helpers';

describe('relay admission', () => {
  let cloud: TestCloud;
  let link: LightLink;
  let stopStorage: () => Promise<void>;
  const user = { http: undefined as unknown as Browser, gatewayId: '' };

  beforeAll(async () => {
    const storage = await testStorage('postgres'); // real round trips: checks overlap
    stopStorage = storage.stop;
    // The access cache off: every check is a database round trip, so 40 at once overlap (with the cache on,
    // checks after the first answer from memory and nothing waits long enough to be shed).
    cloud = await startCloud({ ...storage.overrides, relayMaxAdmitting: 2, accessCacheMs: 0 });
    user.http = new Browser(cloud.url);
    await user.http.login();
    const created = await user.http.call('POST', '/api/gateway/management/create', { name: 'Home' });
    user.gatewayId = Gateway.parse(created.body).id;
    const token = TokenResponse.parse(
      (await user.http.call('POST', `/api/auth/gateway/${user.gatewayId}`)).body,
    );
    link = new LightLink({ url: `${cloud.url.replace(/^http/, 'ws')}/api/st-ws`, token: token.token });
    await link.start();
    await waitFor(async () => {
      const r = await user.http.call('GET', `/api/gateway/management/${user.gatewayId}`);
      return Gateway.parse(r.body).online;
    });
  });
  afterAll(async () => {
    link?.close();
    await cloud?.stop();
    await stopStorage?.();
  });

  it('answers what it can and sheds the rest with 503 CLOUD_BUSY and Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        user.http.call('POST', `/api/gateway/requests/${user.gatewayId}`, {
          url: '/api/build',
          method: 'GET',
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const shed = answers.filter((a) => a.status === 503);
    expect(ok.length + shed.length).toBe(40);
    expect(ok.length).toBeGreaterThan(0);
    expect(shed.length).toBeGreaterThan(0);
    for (const a of shed) {
      expect(a.body).toMatchObject({ code: 'CLOUD_BUSY' });
      expect(a.headers.get('retry-after')).toBe('1');
    }
    // Nothing stays stuck: a request alone afterwards goes through.
    const after = await user.http.call('POST', `/api/gateway/requests/${user.gatewayId}`, {
      url: '/api/build',
      method: 'GET',
    });
    expect(after.status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startCloud, type TestCloud, testStorage } from './helpers';

// Issue 14, item 3: behind a trusted proxy, a client-written X-Forwarded-For cannot give each login
// attempt a new address and so escape the per-address login limit.

describe.each<[string, number | string[]]>([
  ['one proxy hop', 1],
  ['a named proxy address', ['127.0.0.1']],
])('login limit behind %s', (_name, trustProxy) => {
  let cloud: TestCloud;
  let storage: Awaited<ReturnType<typeof testStorage>>;
  beforeAll(async () => {
    storage = await testStorage('sqlite');
    cloud = await startCloud({ ...storage.overrides, trustProxy, loginMaxPerIp: 5 });
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('counts the address the proxy saw, whatever the client wrote before it', async () => {
    const b = new Browser(cloud.url);
    let limited = 0;
    const tries = 30;
    for (let i = 0; i < tries; i++) {
      // The client forges a new address each time; the proxy appends the one it really saw.
      const r = await b.call(
        'POST',
        '/api/auth/user',
        { login: `nobody${i}`, password: 'wrong-password' },
        { 'x-forwarded-for': `10.${i}.0.${i + 1}, 198.51.100.7` },
      );
      if (r.status === 429) limited += 1;
      else expect(r.status).toBe(401);
    }
    expect(limited).toBe(tries - 5);
    // Another real client behind the same proxy is not affected.
    const other = await b.call(
      'POST',
      '/api/auth/user',
      { login: 'nobody', password: 'wrong-password' },
      { 'x-forwarded-for': '198.51.100.8' },
    );
    expect(other.status).toBe(401);
    console.info('proxy limit figures', { tried: tries, refused429: limited });
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startCloud, type TestCloud, testStorage } from './helpers';

// Issue 14, item 7: names and text fields refuse control characters (NUL, bidi overrides) with a clear 400.

const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u202e', '\u202d', '\u2066', '\u200f'];
const poisoned = fc
  .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 8 }))
  .map(([a, c, b]) => `${a.replace(/\s/g, '') || 'x'}${c}z${b}`.slice(0, 30));

describe('control characters in cloud names', () => {
  let cloud: TestCloud;
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let b: Browser;
  beforeAll(async () => {
    storage = await testStorage('sqlite');
    cloud = await startCloud(storage.overrides);
    b = new Browser(cloud.url);
    await b.login();
  });
  afterAll(async () => {
    await cloud?.stop();
    await storage?.stop();
  });

  it('refuses them in gateway names, descriptions and logins with 400 TEXT_CONTROL_CHARACTERS', async () => {
    let tried = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(poisoned, fc.constantFrom('name', 'description', 'login'), async (text, field) => {
        tried += 1;
        const r =
          field === 'login'
            ? await new Browser(cloud.url).call('POST', '/api/auth/user', { login: text, password: 'x' })
            : await b.call('POST', '/api/gateway/management/create', {
                name: field === 'name' ? text : 'Plain',
                description: field === 'description' ? text : '',
              });
        expect(r.status, JSON.stringify(text)).toBe(400);
        expect(r.body).toMatchObject({ code: 'TEXT_CONTROL_CHARACTERS' });
        refused += 1;
      }),
      { numRuns: 120 },
    );
    const list = await b.call('GET', '/api/gateway/management/list');
    expect(list.body).toEqual([]);
    // Ordinary text, Cyrillic and emoji included, is kept.
    const ok = await b.call('POST', '/api/gateway/management/create', {
      name: 'Дача 🏡',
      description: 'a — b',
    });
    expect(ok.status).toBe(201);
    console.info('control character figures (cloud)', { tried, refused });
  });
});

import { checkRelayUrl, relayRequestAccess } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { checkRelayUrlKept, memoByUrl, relayRequestAccessKept } from '../src/relay/urlMemo';

// The relay keeps its URL verdicts (relay/urlMemo.ts): asked again, in any order, they must be the checks' own.
const URLS = [
  '/api/build',
  '/api/devices/saved',
  '/api/devices/saved?x=1',
  '/api/device/commands/lamp',
  '/api/cloud/auth',
  '/api//build',
  '/api/%2e%2e/cloud',
  '/api/devices/%61',
  '/api/build/',
  '\\api\\build',
  `/api/devices/${'a'.repeat(300)}`,
];

describe('relay URL verdicts kept per method and URL', () => {
  it('answers as checkRelayUrl and relayRequestAccess do, asked once or again', () => {
    for (let round = 0; round < 2; round++) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        for (const url of URLS) {
          expect([method, url, checkRelayUrlKept(method, url)]).toEqual([
            method,
            url,
            checkRelayUrl(method, url),
          ]);
          expect([method, url, relayRequestAccessKept(method, url)]).toEqual([
            method,
            url,
            relayRequestAccess(method, url),
          ]);
        }
      }
    }
  });

  it('keeps at most its bound, the oldest going first, and no long URL', () => {
    let calls = 0;
    const kept = memoByUrl(
      (m, u) => {
        calls++;
        return `${m} ${u}`;
      },
      2,
      10,
    );
    kept('GET', '/a');
    kept('GET', '/b');
    kept('GET', '/a');
    expect(calls).toBe(2);
    kept('GET', '/c'); // /a goes
    kept('GET', '/a');
    expect(calls).toBe(4);
    kept('GET', '/very/long/url');
    kept('GET', '/very/long/url');
    expect(calls).toBe(6);
  });
});

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ingressBasePath, trustedPeer } from './ingress';

const req = (remoteAddress: string, prefix?: string) =>
  ({
    socket: { remoteAddress },
    headers: prefix ? { 'x-ingress-path': prefix } : {},
  }) as unknown as IncomingMessage;

describe('trusted proxies for the ingress prefix', () => {
  it('matches addresses, ranges, names and IPv4-mapped peers', () => {
    const trusted = trustedPeer(['172.30.32.2', '10.1.0.0/16', 'loopback']);
    for (const a of ['172.30.32.2', '::ffff:172.30.32.2', '10.1.200.3', '127.0.0.1', '::1'])
      expect(trusted(a)).toBe(true);
    for (const a of ['172.30.32.3', '10.2.0.1', '192.168.1.1', undefined]) expect(trusted(a)).toBe(false);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(1)('203.0.113.9')).toBe(true);
  });

  it('takes the prefix from a trusted peer only, ending it with "/"', () => {
    const of = ingressBasePath(['172.30.32.2']);
    expect(of(req('172.30.32.2', '/api/hassio_ingress/abc'))).toBe('/api/hassio_ingress/abc/');
    expect(of(req('172.30.32.2', '/api/hassio_ingress/abc/'))).toBe('/api/hassio_ingress/abc/');
    expect(of(req('172.30.32.9', '/api/hassio_ingress/abc'))).toBeUndefined();
    expect(of(req('172.30.32.2'))).toBeUndefined();
    for (const bad of ['/a/./b', '/a/../b', 'a/b', '/a//b', '/a?b', '/a#b'])
      expect(of(req('172.30.32.2', bad))).toBeUndefined();
  });
});

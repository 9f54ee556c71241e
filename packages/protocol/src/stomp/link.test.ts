import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLinkBody, encodeLinkBody, ForwardControl, LinkEvent, LinkRequest, LinkResponse } from './link';

describe('gateway link messages', () => {
  it('parses each kind of request', () => {
    expect(LinkRequest.parse({ id: '1', kind: 'relay', method: 'GET', url: '/api/devices/found' })).toEqual({
      id: '1',
      kind: 'relay',
      method: 'GET',
      url: '/api/devices/found',
      headers: {},
    });
    expect(LinkRequest.parse({ id: '2', kind: 'device', device: '127.0.0.2', command: 'getInfo' }).kind).toBe(
      'device',
    );
    expect(LinkRequest.parse({ id: '3', kind: 'command', command: 'PING' })).toMatchObject({
      parameters: {},
    });
  });

  it('refuses a request without a correlation id, of an unknown kind, or off the gateway API', () => {
    expect(LinkRequest.safeParse({ kind: 'command', command: 'PING' }).success).toBe(false);
    expect(LinkRequest.safeParse({ id: '1', kind: 'shell', command: 'ls' }).success).toBe(false);
    expect(LinkRequest.safeParse({ id: '1', kind: 'relay', method: 'GET', url: 'http://x/' }).success).toBe(
      false,
    );
    expect(LinkRequest.safeParse({ id: '1', kind: 'command', command: 'LOGOUT' }).success).toBe(false);
  });

  it('carries a response with its status, headers and timings', () => {
    const response = {
      id: '1',
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: { encoding: 'utf8', text: '{"error":"Not found"}' },
      timings: { gatewayMs: 3.5, deviceMs: 2 },
    };
    expect(LinkResponse.parse(response)).toEqual(response);
    expect(LinkResponse.safeParse({ ...response, status: 42 }).success).toBe(false);
  });

  it('keeps any bytes intact through the link body', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom(undefined, 'application/octet-stream', 'application/json', 'text/plain'),
        (bytes, type) => {
          const body = encodeLinkBody(bytes, type);
          expect(isLinkBody(body)).toBe(true);
          expect(decodeLinkBody(body)).toEqual(bytes);
        },
      ),
    );
  });

  it('sends JSON and text as readable text, binaries as base64', () => {
    const json = new TextEncoder().encode('{"name":"лампа"}');
    expect(encodeLinkBody(json, 'application/json; charset=utf-8')).toEqual({
      encoding: 'utf8',
      text: '{"name":"лампа"}',
    });
    expect(encodeLinkBody(new Uint8Array([0xe9, 0x00, 0xff]), 'application/octet-stream').encoding).toBe(
      'base64',
    );
    expect(encodeLinkBody(new Uint8Array([0xff, 0xfe]), 'text/plain').encoding).toBe('base64');
  });

  it('forwards only topics the gateway may forward', () => {
    expect(ForwardControl.safeParse({ action: 'start', topic: '/devices/logs' }).success).toBe(true);
    expect(ForwardControl.safeParse({ action: 'set', topics: ['/ota/t1', '/notifications'] }).success).toBe(
      true,
    );
    expect(ForwardControl.safeParse({ action: 'start', topic: '/connection/status' }).success).toBe(false);
    expect(LinkEvent.safeParse({ topic: '/devices/found', payload: {} }).success).toBe(true);
    expect(LinkEvent.safeParse({ topic: '/link/requests', payload: {} }).success).toBe(false);
  });
});

function isLinkBody(body: unknown): boolean {
  return LinkResponse.shape.body.safeParse(body).success;
}

import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { GatewayEvent } from '../entities/cloud';
import {
  cloudDestinationFor,
  gatewayTopicFor,
  gatewayTopicForUserWide,
  isForwardableGatewayTopic,
  parseDestination,
  TOPIC_NAMES,
  topicDestination,
} from './topicPatterns';
import { TOPICS, type TopicPayload } from './topics';

const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/);

describe('live topics', () => {
  it('names the destinations of design.md', () => {
    expect(topicDestination('gateway.devices.found')).toBe('/devices/found');
    expect(topicDestination('gateway.connection.status')).toBe('/connection/status');
    expect(topicDestination('gateway.ota', { taskId: 't1' })).toBe('/ota/t1');
    expect(topicDestination('cloud.events')).toBe('/secured/events');
    expect(topicDestination('cloud.devices.logs', { gatewayId: 'g7' })).toBe(
      '/secured/gateway/g7/devices/logs',
    );
    expect(topicDestination('cloud.ota', { gatewayId: 'g7', taskId: 't1' })).toBe(
      '/secured/gateway/g7/ota/t1',
    );
  });

  it('refuses parameters that would change the destination', () => {
    expect(() => topicDestination('gateway.ota', { taskId: 'a/b' })).toThrow(/taskId/);
    expect(() => topicDestination('cloud.devices.found', { gatewayId: '' })).toThrow(/gatewayId/);
  });

  it('parses every destination it builds, with its parameters', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TOPIC_NAMES), segment, segment, (name, gatewayId, taskId) => {
        const all = { gatewayId, taskId };
        const keys = [...TOPICS[name].pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
        const params = Object.fromEntries(
          keys.map((k) => [k, k === 'gatewayId' ? all.gatewayId : all.taskId]),
        );
        const destination = TOPICS[name].pattern.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
        expect(parseDestination(destination)).toEqual({ name, params });
      }),
    );
  });

  it('does not recognise other destinations', () => {
    for (const d of [
      '/devices',
      '/devices/found/x',
      '/secured/devices/found',
      '/ota/',
      '/secured/gateway/g/ota',
      '/events',
    ])
      expect(parseDestination(d), d).toBeUndefined();
  });

  it('validates payloads with the schema of the topic', () => {
    const event = { gateway: { id: 'g', name: 'Home', description: '' }, event: 'CONNECTED' };
    expect(TOPICS['cloud.events'].payload.safeParse(event).success).toBe(true);
    expect(TOPICS['cloud.events'].payload.safeParse({ ...event, event: 'ON' }).success).toBe(false);
    expect(
      TOPICS['gateway.ota'].payload.safeParse({ status: 'FIRMWARE_TRANSFER', progress: null }).success,
    ).toBe(true);
    expectTypeOf<TopicPayload<'cloud.events'>>().toEqualTypeOf<GatewayEvent>();
  });
});

describe('forwarding gateway topics to the cloud', () => {
  it('maps each forwarded gateway topic to its cloud destination', () => {
    expect(cloudDestinationFor('/devices/found', 'g1')).toBe('/secured/gateway/g1/devices/found');
    expect(cloudDestinationFor('/devices/logs', 'g1')).toBe('/secured/gateway/g1/devices/logs');
    expect(cloudDestinationFor('/ota/t9', 'g1')).toBe('/secured/gateway/g1/ota/t9');
    expect(cloudDestinationFor('/notifications', 'g1')).toBe('/secured/notifications');
  });

  it('keeps the cloud connection status local', () => {
    expect(isForwardableGatewayTopic('/connection/status')).toBe(false);
    expect(cloudDestinationFor('/connection/status', 'g1')).toBeUndefined();
    expect(isForwardableGatewayTopic('/anything')).toBe(false);
  });

  it('tells the cloud which gateway topic a browser subscription needs', () => {
    expect(gatewayTopicFor('/secured/gateway/g1/devices/lost')).toEqual({
      gatewayId: 'g1',
      topic: '/devices/lost',
    });
    expect(gatewayTopicFor('/secured/gateway/g1/ota/t2')).toEqual({ gatewayId: 'g1', topic: '/ota/t2' });
    expect(gatewayTopicFor('/secured/events')).toBeUndefined();
    expect(gatewayTopicForUserWide('/secured/notifications')).toBe('/notifications');
    expect(gatewayTopicForUserWide('/secured/events')).toBeUndefined();
  });

  it('round-trips: the forwarded topic lands where the browser subscribed', () => {
    fc.assert(
      fc.property(
        segment,
        segment,
        fc.constantFrom('devices/found', 'devices/lost', 'devices/logs', 'ota/'),
        (g, t, k) => {
          const cloud = `/secured/gateway/${g}/${k === 'ota/' ? `ota/${t}` : k}`;
          const wanted = gatewayTopicFor(cloud);
          expect(wanted?.gatewayId).toBe(g);
          expect(cloudDestinationFor(wanted?.topic ?? '', g)).toBe(cloud);
        },
      ),
    );
  });
});

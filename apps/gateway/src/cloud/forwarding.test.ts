import type { DeviceInfo } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { createGatewayBus } from '../events/gatewayEvents';
import { TopicForwarder } from './forwarding';

const lamp: DeviceInfo = {
  ip: '127.0.0.9',
  name: 'lamp',
  type: 'lamp',
  board: 'esp32',
  stVersion: '1.0',
  version: '1',
};

describe('cloud topic forwarding', () => {
  it('sends a topic up the link only between start and stop, and nothing after the link drops', () => {
    const bus = createGatewayBus();
    const sent: Array<[string, unknown]> = [];
    const forwarder = new TopicForwarder(bus, (topic, payload) => sent.push([topic, payload]));
    forwarder.start();
    bus.emit('device.found', lamp);
    expect(sent).toEqual([]);

    forwarder.apply({ action: 'start', topic: '/devices/found' });
    bus.emit('device.found', lamp);
    bus.emit('device.lost', lamp);
    expect(sent).toEqual([['/devices/found', lamp]]);

    forwarder.apply({ action: 'stop', topic: '/devices/found' });
    bus.emit('device.found', lamp);
    expect(sent).toHaveLength(1);

    forwarder.apply({ action: 'set', topics: ['/devices/lost', '/ota/t1'] });
    bus.emit('device.lost', lamp);
    forwarder.offer('/ota/t1', { status: 'STARTED', progress: null });
    forwarder.offer('/ota/t2', { status: 'STARTED', progress: null });
    expect(sent.map(([t]) => t)).toEqual(['/devices/found', '/devices/lost', '/ota/t1']);

    forwarder.reset();
    bus.emit('device.lost', lamp);
    expect(sent).toHaveLength(3);
    forwarder.stop();
  });
});

import { createLogger } from '@st/server-kit';
import { startSimulator } from '@st/simulator';
import { freeUdpPort, loopbackBlock, startMosquitto, waitFor } from '@st/testkit';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { CommandRunner } from '../src/services/devices/commandRunner';
import { DeviceClient } from '../src/services/devices/deviceClient';
import { DeviceCalls } from '../src/services/mqtt/deviceCalls';
import { nodeOf } from '../src/services/mqtt/discoveryConfigs';
import { MqttBridge } from '../src/services/mqtt/mqttBridge';

// The bridge on its own (no gateway around it) with a short "lost for good" delay: a real broker, a simulated
// device read through the gateway's command runner, and an MQTT client as Home Assistant.

describe('a device lost for good', () => {
  it('is removed from Home Assistant after the forget delay, and kept when it comes back in time', async () => {
    const broker = await startMosquitto();
    const sim = await startSimulator({
      ips: loopbackBlock(2),
      kinds: ['lamp', 'button'],
      logRate: 0,
      discoveryPort: await freeUdpPort(),
    });
    const calls = new DeviceCalls(new CommandRunner(new DeviceClient({ timeoutMs: 1500 })));
    const infos = sim.devices.map((d) => ({
      ip: d.address,
      name: d.name,
      type: d.kind.type,
      stVersion: '1.0',
      board: d.kind.board,
      version: d.kind.version,
    }));
    const bridge = new MqttBridge(
      calls,
      () => ({ version: 'test' }),
      () => infos,
      createLogger({ name: 't', level: 'silent' }),
      {
        forgetLostAfterMs: 800,
      },
    );
    const ha = await mqtt.connectAsync(broker.url);
    const latest = new Map<string, string>();
    ha.on('message', (topic, payload) => {
      if (payload.length === 0) latest.delete(topic);
      else latest.set(topic, payload.toString());
    });
    await ha.subscribeAsync(['homeassistant/#', 'smartthing/#']);
    const restart = (ip: string) => `homeassistant/button/${nodeOf(ip)}/restart/config`;
    try {
      await bridge.configure({
        enabled: true,
        url: broker.url,
        username: '',
        password: '',
        discoveryPrefix: 'homeassistant',
        baseTopic: 'smartthing',
        gatewayId: 'forget',
      });
      const [gone, back] = infos;
      if (!gone || !back) throw new Error('two devices expected');
      await waitFor(() => latest.has(restart(gone.ip)) && latest.has(restart(back.ip)), {
        what: 'both published',
      });
      bridge.deviceLost(gone);
      bridge.deviceLost(back);
      await waitFor(() => latest.get(`smartthing/${nodeOf(gone.ip)}/availability`) === 'offline');
      bridge.deviceFound(back); // back within the delay
      await waitFor(() => !latest.has(restart(gone.ip)), { what: 'the lost device removed' });
      expect([...latest.keys()].some((t) => t.includes(`/${nodeOf(gone.ip)}/`))).toBe(false);
      await new Promise((r) => setTimeout(r, 1000));
      expect(latest.has(restart(back.ip))).toBe(true);
      expect(latest.get(`smartthing/${nodeOf(back.ip)}/availability`)).toBe('online');
      expect(bridge.getStatus()).toMatchObject({ state: 'connected', devices: 1 });
    } finally {
      await ha.endAsync(true);
      await bridge.stop();
      await sim.stop();
      await broker.stop();
    }
  });
});

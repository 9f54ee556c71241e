import { describe, expect, it } from 'vitest';
import { bridgeTopics, deviceConfigs, nodeOf, parseCommandTopic } from './discoveryConfigs';
import { binaryClass, numericClass } from './sensorClasses';

const cfg = { discoveryPrefix: 'homeassistant', baseTopic: 'smartthing' };
const t = bridgeTopics(cfg, 'ab12');
const gw = { id: 'ab12', version: '1.0.0', consoleUrl: 'http://192.168.1.2:8080' };
const info = {
  ip: '192.168.1.40',
  name: 'hall',
  type: 'lamp',
  stVersion: '1.0',
  board: 'esp32',
  version: '2.1',
};

describe('discovery configs', () => {
  it('names entities by the sensor name: classes and units, on/off states, text sensors', () => {
    expect(numericClass('temperature')).toEqual({ deviceClass: 'temperature', unit: '°C' });
    expect(numericClass('humidity_in')).toEqual({ deviceClass: 'humidity', unit: '%' });
    expect(numericClass('presses')).toEqual({});
    expect(binaryClass('motion', 1)).toBe('motion');
    expect(binaryClass('relay', 0)).toBe('power');
    expect(binaryClass('button', 1)).toBeNull();
    // 0/1 readings of a measurement stay numeric; a state name with another value is no state
    expect(binaryClass('power', 0)).toBeUndefined();
    expect(binaryClass('led', 7)).toBeUndefined();
  });

  it('builds one HA device with sensors, buttons, config entities, diagnostics and restart', () => {
    const configs = deviceConfigs(cfg, t, gw, {
      info,
      sensors: { light: 420, led: 1, mode: 'auto' },
      actions: [{ name: 'led on', caption: 'Turn led on' }],
      config: { brightness: '80', greeting: 'hi' },
    });
    const byTopic = new Map(configs.map((c) => [c.topic, c.payload]));
    const node = nodeOf(info.ip);
    expect(node).toBe('st_192_168_1_40');
    expect([...byTopic.keys()].sort()).toEqual(
      [
        `homeassistant/sensor/${node}/sensor_light/config`,
        `homeassistant/binary_sensor/${node}/sensor_led/config`,
        `homeassistant/sensor/${node}/sensor_mode/config`,
        `homeassistant/sensor/${node}/uptime/config`,
        `homeassistant/sensor/${node}/heap/config`,
        `homeassistant/button/${node}/action_led_on/config`,
        `homeassistant/number/${node}/config_brightness/config`,
        `homeassistant/text/${node}/config_greeting/config`,
        `homeassistant/button/${node}/restart/config`,
      ].sort(),
    );
    const restart = byTopic.get(`homeassistant/button/${node}/restart/config`);
    expect(restart).toMatchObject({
      unique_id: `${node}_restart`,
      entity_category: 'config',
      device_class: 'restart',
      availability_mode: 'all',
      device: {
        identifiers: [node],
        name: 'hall',
        model: 'lamp',
        sw_version: '2.1',
        via_device: 'gateway_ab12',
        configuration_url: 'http://192.168.1.2:8080/panel',
      },
    });
    const button = byTopic.get(`homeassistant/button/${node}/action_led_on/config`);
    expect(button?.command_topic).toBe(`smartthing/${node}/cmd/action/led_on`);
  });

  it('reads back the command topics it hands out, and nothing else', () => {
    const dt = t.device('st_10_0_0_5');
    expect(parseCommandTopic(cfg, dt.action('toggle'))).toEqual({
      node: 'st_10_0_0_5',
      kind: 'action',
      object: 'toggle',
    });
    expect(parseCommandTopic(cfg, dt.set('gtw'))).toEqual({
      node: 'st_10_0_0_5',
      kind: 'set',
      object: 'gtw',
    });
    expect(parseCommandTopic(cfg, dt.restart)).toEqual({ node: 'st_10_0_0_5', kind: 'restart' });
    for (const other of [dt.state, dt.availability, 'smartthing/x/cmd/restart/more', 'other/x/cmd/restart'])
      expect(parseCommandTopic(cfg, other)).toBeUndefined();
  });
});

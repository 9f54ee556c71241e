import { describe, expect, it } from 'vitest';
import {
  DeviceInfoSchema,
  DeviceNotificationBodySchema,
  FeaturesSchema,
  MetricsSchema,
  WifiInfoSchema,
} from './entities';
import { HookSchema, HooksListSchema, HookTemplatesSchema } from './hooks';

// Bodies copied from device-protocol.md: the schemas must accept what firmware 1.0 sends.
describe('device entity schemas', () => {
  it('accept firmware 1.0 answers', () => {
    expect(
      DeviceInfoSchema.parse({
        version: '1.2',
        stVersion: '1.0',
        name: 'n',
        type: 'lamp',
        ip: '1.2.3.4',
        board: 'esp32',
      }).name,
    ).toBe('n');
    expect(
      DeviceInfoSchema.safeParse({ stVersion: '1.0', name: 'n', type: 't', ip: 'i', board: 'esp8266' })
        .success,
    ).toBe(true);
    expect(
      FeaturesSchema.parse({
        web: true,
        actions: true,
        actionsScheduler: true,
        sensors: true,
        hooks: false,
        config: true,
        logger: true,
      }).hooks,
    ).toBe(false);
    expect(
      MetricsSchema.parse(
        JSON.parse(
          '{"uptime":123456,"heap":{"free":201344,"size":327680,"minFree":190000,"maxAlloc":110580},"resetReason":"ESP_RST_SW","counts":{"sensors":3,"hooks":1}}',
        ),
      ).uptime,
    ).toBe(123456);
    expect(
      WifiInfoSchema.safeParse({ settings: { ssid: '', password: '', mode: 0 }, modes: { '1': 'a' } })
        .success,
    ).toBe(true);
    const hooks = HooksListSchema.parse(
      JSON.parse(
        '[{"id":1,"readonly":false,"type":"http","triggerEnabled":true,"trigger":1,"compareType":"eq","threshold":0,"lastResponseCode":200,"url":"{server}/api","method":2,"payload":"{\\"value\\": \\"{v}\\"}"}]',
      ),
    );
    expect(hooks?.[0]?.type).toBe('http');
    expect(HooksListSchema.parse(null)).toBeNull();
    expect(
      HookTemplatesSchema.safeParse(
        JSON.parse(
          '{"default":{"triggerEnabled":{"required":false,"type":"checkbox"},"compareType":{"required":true,"values":["eq","neq"],"default":"eq"}},"http":{"method":{"required":true,"values":{"1":"GET"}}}}',
        ),
      ).success,
    ).toBe(true);
    expect(
      DeviceNotificationBodySchema.safeParse({
        device: { name: 'n', type: 't', ip: 'i' },
        notification: { message: 'm', type: 'warning' },
      }).success,
    ).toBe(true);
  });

  it('reject shapes the firmware never sends', () => {
    expect(DeviceInfoSchema.safeParse({ name: 'n' }).success).toBe(false);
    expect(
      HookSchema.safeParse({
        id: 1,
        readonly: false,
        type: 'lambda',
        triggerEnabled: true,
        trigger: 1,
        compareType: 'eq',
      }).success,
    ).toBe(false);
    expect(
      HookSchema.safeParse({
        id: 1,
        readonly: false,
        type: 'http',
        triggerEnabled: true,
        trigger: 1,
        compareType: 'eq',
        url: 'u',
        method: 9,
        payload: '',
        lastResponseCode: 0,
      }).success,
    ).toBe(false);
    expect(
      DeviceNotificationBodySchema.safeParse({
        device: { name: 'n', type: 't', ip: 'i' },
        notification: { message: 'm', type: 'loud' },
      }).success,
    ).toBe(false);
  });
});

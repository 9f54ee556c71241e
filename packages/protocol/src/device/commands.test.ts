import { describe, expect, it } from 'vitest';
import {
  buildDeviceHttpRequest,
  DEVICE_COMMAND_NAMES,
  DEVICE_COMMANDS,
  isDeviceCommandName,
} from './commands';
import { type Hook, pickHookById } from './hooks';

describe('device command table', () => {
  it('holds the 27 commands of spec section 7', () => {
    expect([...DEVICE_COMMAND_NAMES].sort()).toEqual(
      [
        'health',
        'getWiFi',
        'setWiFi',
        'getInfo',
        'getActions',
        'saveName',
        'callAction',
        'actionSchedule',
        'getConfigValues',
        'saveConfigValues',
        'deleteConfigValue',
        'deleteAllConfigValues',
        'getSensors',
        'getAllHooks',
        'getHooks',
        'getHookById',
        'getHooksTemplates',
        'testHook',
        'createHook',
        'updateHook',
        'deleteHook',
        'getFeatures',
        'getMetrics',
        'exportSettings',
        'importSettings',
        'restart',
        'wipe',
      ].sort(),
    );
    expect(isDeviceCommandName('getInfo')).toBe(true);
    expect(isDeviceCommandName('toString')).toBe(false);
  });

  it('maps commands to firmware 1.0 routes, URL-encoding query values', () => {
    expect(buildDeviceHttpRequest('getInfo', undefined)).toEqual({ method: 'GET', path: '/info/system' });
    expect(buildDeviceHttpRequest('callAction', { name: 'led on&x' })).toEqual({
      method: 'GET',
      path: '/actions/call?name=led%20on%26x',
    });
    expect(buildDeviceHttpRequest('deleteConfigValue', { name: 'gtw' })).toEqual({
      method: 'DELETE',
      path: '/config?name=gtw',
    });
    expect(buildDeviceHttpRequest('deleteHook', { sensor: 'button', id: 3 }).path).toBe(
      '/hooks?sensor=button&id=3',
    );
    expect(buildDeviceHttpRequest('restart', undefined)).toEqual({ method: 'POST', path: '/danger/restart' });
    expect(buildDeviceHttpRequest('deleteAllConfigValues', undefined).path).toBe('/config/delete/all');
  });

  it('omits an empty test value so the device reads the sensor itself', () => {
    expect(buildDeviceHttpRequest('testHook', { sensor: 's', id: '1', value: '' }).path).toBe(
      '/hooks/test?sensor=s&id=1',
    );
    expect(buildDeviceHttpRequest('testHook', { sensor: 's', id: '1', value: 5 }).path).toBe(
      '/hooks/test?sensor=s&id=1&value=5',
    );
  });

  it('sends JSON bodies the firmware reads', () => {
    const wifi = DEVICE_COMMANDS.setWiFi.params.parse({ ssid: 'home', password: '12345678', mode: '5' });
    expect(buildDeviceHttpRequest('setWiFi', wifi)).toEqual({
      method: 'POST',
      path: '/wifi',
      body: '{"ssid":"home","password":"12345678","mode":5}',
      contentType: 'application/json',
    });
    const cfg = DEVICE_COMMANDS.saveConfigValues.params.parse({ values: { threshold: 25, gtw: 'h:1' } });
    expect(buildDeviceHttpRequest('saveConfigValues', cfg).body).toBe('{"threshold":"25","gtw":"h:1"}');
    const hook = DEVICE_COMMANDS.createHook.params.parse({
      sensor: 'b',
      hook: { type: 'action', action: 'led_on', extra: 1 },
    });
    expect(JSON.parse(buildDeviceHttpRequest('createHook', hook).body ?? '')).toEqual({
      sensor: 'b',
      hook: { type: 'action', action: 'led_on' },
    });
  });

  it('rejects bad params with a message', () => {
    expect(DEVICE_COMMANDS.actionSchedule.params.safeParse({ name: 'a', callDelay: -1 }).success).toBe(false);
    expect(DEVICE_COMMANDS.setWiFi.params.safeParse({ ssid: 'x', mode: 1 }).success).toBe(false);
    expect(DEVICE_COMMANDS.updateHook.params.safeParse({ sensor: 's', hook: { type: 'http' } }).success).toBe(
      false,
    );
    const bad = DEVICE_COMMANDS.importSettings.params.safeParse({ settings: '{"cg":{}}' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues[0]?.message).toContain('Bad settings dump');
    expect(
      DEVICE_COMMANDS.updateHook.params.safeParse({ sensor: 's', hook: { id: 'New', type: 'http' } }).success,
    ).toBe(false);
    expect(
      DEVICE_COMMANDS.createHook.params.safeParse({ sensor: 's', hook: { type: 'lambda' } }).success,
    ).toBe(false);
  });

  it("passes the original console's create payload on for the device to judge", () => {
    const p = DEVICE_COMMANDS.createHook.params.parse({
      sensor: 'light',
      hook: {
        id: 'New',
        rnd: 0.3,
        type: 'notification',
        message: 'Lux {v}',
        notificationType: '',
        triggerEnabled: false,
      },
    });
    expect(JSON.parse(buildDeviceHttpRequest('createHook', p).body ?? '')).toEqual({
      sensor: 'light',
      hook: {
        id: 'New',
        type: 'notification',
        message: 'Lux {v}',
        notificationType: '',
        triggerEnabled: false,
      },
    });
  });

  it('sends an accepted dump trimmed, as octet-stream, and marks reboots', () => {
    const p = DEVICE_COMMANDS.importSettings.params.parse({ settings: ' 000006000000000lamp-2\n' });
    expect(buildDeviceHttpRequest('importSettings', p)).toEqual({
      method: 'POST',
      path: '/settings',
      body: '000006000000000lamp-2',
      contentType: 'application/octet-stream',
    });
    const dropping = DEVICE_COMMAND_NAMES.filter((n) => DEVICE_COMMANDS[n].dropsConnection).sort();
    expect(dropping).toEqual(['importSettings', 'restart', 'wipe']);
    expect(DEVICE_COMMANDS.getSensors.changesState).toBe(false);
    expect(DEVICE_COMMANDS.callAction.changesState).toBe(true);
  });

  it('resolves the commands firmware 1.0 has no route for', () => {
    expect(DEVICE_COMMANDS.getHookById.answer).toBe('hookById');
    expect(buildDeviceHttpRequest('getHookById', { sensor: 'b', id: '2' }).path).toBe('/hooks?sensor=b');
    const list: Hook[] = [
      {
        id: 2,
        readonly: false,
        type: 'action',
        triggerEnabled: true,
        trigger: 1,
        compareType: 'eq',
        threshold: 0,
        action: 'x',
      },
    ];
    expect(pickHookById(list, '2')?.id).toBe(2);
    expect(pickHookById(null, 2)).toBeUndefined();
    expect(DEVICE_COMMANDS.getAllHooks.answer).toBe('allHooks');
    expect(buildDeviceHttpRequest('getAllHooks', undefined).path).toBe('/sensors');
  });
});

import { describe, expect, it } from 'vitest';
import { pickDeviceIcon } from '../icons/pickIcon';
import { lastOctet, searchPanelExpanded, sortByIp, withFound, withoutLost } from './address';
import { decideDelay } from './schedule';
import { visibleTabs } from './tabs';
import { uptimeParts } from './uptime';

const dev = (ip: string, name = `d${ip}`) => ({ ip, name });
const ALL_COMMANDS = [
  'getInfo',
  'getActions',
  'getSensors',
  'getWiFi',
  'getConfigValues',
  'getMetrics',
  'restart',
];

describe('device list order and live changes', () => {
  it('sorts by the last octet of the ip, not as text, with ports allowed', () => {
    const sorted = sortByIp([dev('10.0.0.20'), dev('10.0.0.3'), dev('127.0.0.100:8080'), dev('10.0.1.9')]);
    expect(sorted.map((d) => d.ip)).toEqual(['10.0.0.3', '10.0.1.9', '10.0.0.20', '127.0.0.100:8080']);
    expect(lastOctet('not-an-ip')).toBeGreaterThan(255);
  });
  it('orders as the collator would: addresses with ports, shared last octets, same-ip names, non-IPv4 last', () => {
    // the order sortByIp had when every tie went through localeCompare
    const byCollator = (list: readonly { ip: string; name: string }[]) =>
      [...list].sort(
        (a, b) =>
          lastOctet(a.ip) - lastOctet(b.ip) || a.ip.localeCompare(b.ip) || a.name.localeCompare(b.name),
      );
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const list = Array.from({ length: 400 }, (_, i) => {
      const ip = `${next(3) + 9}.${next(12)}.${next(120)}.${next(6) * 10 + next(3)}`;
      const address = next(3) === 0 ? `${ip}:${next(2) === 0 ? 80 : 8080}` : ip;
      return dev(i % 37 === 0 ? `host-${next(4)}` : address, ['b', 'a', 'Ä', 'c'][next(4)]);
    });
    expect(sortByIp(list)).toEqual(byCollator(list));
  });
  it('a found device is added once, in order; a renamed one replaces its old entry; a lost one leaves', () => {
    const list = [dev('10.0.0.5', 'a'), dev('10.0.0.9', 'b')];
    expect(withFound(list, dev('10.0.0.5', 'a'))).toEqual(list);
    expect(withFound(list, dev('10.0.0.7', 'c')).map((d) => d.name)).toEqual(['a', 'c', 'b']);
    expect(withFound(list, dev('10.0.0.5', 'renamed')).map((d) => d.name)).toEqual(['renamed', 'b']);
    expect(withoutLost(list, { ip: '10.0.0.5' })).toEqual([dev('10.0.0.9', 'b')]);
  });
  it('a listed device announced again with a new version replaces its entry (its badge follows at once)', () => {
    const list = [
      { ip: '10.0.0.5', name: 'a', version: '1.3.9' },
      { ip: '10.0.0.9', name: 'b', version: '1.0.0' },
    ];
    const updated = withFound(list, { ip: '10.0.0.5', name: 'a', version: '1.3.10' });
    expect(updated.map((d) => [d.name, d.version])).toEqual([
      ['a', '1.3.10'],
      ['b', '1.0.0'],
    ]);
    expect(withFound(updated, { ip: '10.0.0.5', name: 'a', version: '1.3.10' })).toEqual(updated);
  });
  it('the search panel stays open only when (width - 800) / 2 exceeds 350 px', () => {
    expect(searchPanelExpanded(1500)).toBe(false);
    expect(searchPanelExpanded(1501)).toBe(true);
    expect(searchPanelExpanded(1280)).toBe(false);
  });
});

describe('device panel rules', () => {
  it('hides a tab whose feature is false; a missing feature key counts as on', () => {
    expect(visibleTabs({}, ALL_COMMANDS)).toEqual([
      'info',
      'actions',
      'sensors',
      'wifi',
      'config',
      'metrics',
      'danger',
      'timeline',
    ]);
    expect(visibleTabs({ actions: false, config: false, hooks: false }, ALL_COMMANDS)).toEqual([
      'info',
      'sensors',
      'wifi',
      'metrics',
      'danger',
      'timeline',
    ]);
  });
  it('hides a tab whose command the gateway does not list', () => {
    expect(visibleTabs({}, ['getInfo', 'getMetrics'])).toEqual(['info', 'metrics', 'timeline']);
  });
  it('schedule delay: unchanged closes, negative is refused, 0 disables after asking, else saves an integer', () => {
    expect(decideDelay(1000, '1000')).toEqual({ kind: 'unchanged' });
    expect(decideDelay(1000, -5)).toEqual({ kind: 'negative' });
    expect(decideDelay(1000, '0')).toEqual({ kind: 'disable' });
    expect(decideDelay(0, '2500.7')).toEqual({ kind: 'save', callDelay: 2500 });
    expect(decideDelay(0, 'soon')).toEqual({ kind: 'invalid' });
  });
  it('uptime shows days, hours, minutes and seconds, leaving out zero parts', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(uptimeParts(ms)).toEqual([
      ['days', 2],
      ['hours', 3],
      ['minutes', 4],
      ['seconds', 5],
    ]);
    expect(uptimeParts(3_600_000)).toEqual([['hours', 1]]);
    expect(uptimeParts(400)).toEqual([['seconds', 0]]);
  });
});

describe('device icons', () => {
  it('uses the special names first, then words of the name, then the type', () => {
    expect(pickDeviceIcon('Pepe')).toBe('frog');
    expect(pickDeviceIcon('rock_and_stone')).toBe('rock');
    expect(pickDeviceIcon('sussy-baka')).toBe('crewmate');
    expect(pickDeviceIcon('autotest-7')).toBe('test');
    expect(pickDeviceIcon('x', 'test_device')).toBe('test');
    expect(pickDeviceIcon('kitchen-lamp', 'relay')).toBe('lamp');
    expect(pickDeviceIcon('thing-1', 'weather')).toBe('weather');
    expect(pickDeviceIcon('thing-2', 'button')).toBe('button');
    expect(pickDeviceIcon('thing-3', 'mystery')).toBe('generic');
  });
});

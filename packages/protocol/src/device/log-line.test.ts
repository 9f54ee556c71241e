import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DeviceLogLine,
  formatDeviceLogLine,
  formatMulticastLogLine,
  loggerConnectedLine,
  parseDeviceLogLine,
  parseMulticastLogLine,
} from './log-line';

const part = fc.string({ maxLength: 20 }).filter((s) => !/[&\r\n]/.test(s));
const message = fc.string({ maxLength: 80 }).filter((s) => !/[\r\n]/.test(s));
const level = fc.constantFrom(10 as const, 20 as const, 30 as const, 40 as const);

describe('device log line codec', () => {
  it('writes the logger-connected line first line exactly', () => {
    expect(loggerConnectedLine('lamp-1')).toBe('lamp-1&20&logger&Logger connected!\r\n');
  });

  it('keeps & inside the message', () => {
    expect(parseDeviceLogLine('lamp&30&http_hook&a=1&b=2 done\r\n')).toEqual({
      ok: true,
      value: { name: 'lamp', level: 30, tag: 'http_hook', message: 'a=1&b=2 done' },
    });
  });

  it('rejects lines a device cannot have sent', () => {
    expect(parseDeviceLogLine('lamp&20&tag')).toMatchObject({ ok: false });
    expect(parseDeviceLogLine('lamp&INFO&tag&msg')).toMatchObject({
      ok: false,
      error: expect.stringContaining('level'),
    });
    expect(parseDeviceLogLine('lamp&25&tag&msg')).toMatchObject({
      ok: false,
      error: expect.stringContaining('25'),
    });
    expect(parseDeviceLogLine('a&20&t&m\r\nb&20&t&m')).toMatchObject({ ok: false });
  });

  it('round-trips every line, & in messages included (property)', () => {
    fc.assert(
      fc.property(part, level, part, message, (name, lvl, tag, msg) => {
        const line: DeviceLogLine = { name, level: lvl, tag, message: msg };
        const text = formatDeviceLogLine(line);
        expect(text.endsWith('\r\n')).toBe(true);
        expect(parseDeviceLogLine(text)).toEqual({ ok: true, value: line });
      }),
    );
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(fc.property(fc.string(), (s) => typeof parseDeviceLogLine(s).ok === 'boolean'));
  });

  it('reads and writes the multicast variant with the device ip first (property)', () => {
    expect(parseMulticastLogLine('10.0.0.7&lamp&40&main&a&b\r\n')).toEqual({
      ok: true,
      value: { ip: '10.0.0.7', name: 'lamp', level: 40, tag: 'main', message: 'a&b' },
    });
    expect(parseMulticastLogLine('lamp&20&t')).toMatchObject({ ok: false });
    expect(parseMulticastLogLine('&lamp&20&t&m')).toMatchObject({ ok: false });
    const ip = fc.ipV4();
    fc.assert(
      fc.property(ip, part, level, part, message, (addr, name, lvl, tag, msg) => {
        const line = { ip: addr, name, level: lvl, tag, message: msg };
        expect(parseMulticastLogLine(formatMulticastLogLine(line))).toEqual({ ok: true, value: line });
      }),
    );
  });
});

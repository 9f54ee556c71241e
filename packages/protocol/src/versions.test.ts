import { describe, expect, it } from 'vitest';
import { compareFirmwareVersions, newerFirmware, parseVersion } from './versions';

describe('firmware versions', () => {
  it('compares numeric parts as numbers, a missing part as 0', () => {
    expect(compareFirmwareVersions('1.10', '1.9')).toBe(1);
    expect(compareFirmwareVersions('1.3.9', '1.3.10')).toBe(-1);
    expect(compareFirmwareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareFirmwareVersions('v2.0.0', '2.0.0')).toBe(0);
    expect(compareFirmwareVersions('0.9.1', '1.0')).toBe(-1);
    expect(compareFirmwareVersions('10.0.0', '9.99.99')).toBe(1);
  });

  it('puts pre-releases before their release and orders them by their tags', () => {
    expect(compareFirmwareVersions('1.0.0-rc.1', '1.0.0')).toBe(-1);
    expect(compareFirmwareVersions('1.0.0', '1.0.0-rc.1')).toBe(1);
    expect(compareFirmwareVersions('1.0.0-rc.2', '1.0.0-rc.10')).toBe(-1);
    expect(compareFirmwareVersions('1.0.0-alpha', '1.0.0-beta')).toBe(-1);
    expect(compareFirmwareVersions('1.0.0-1', '1.0.0-alpha')).toBe(-1);
    expect(compareFirmwareVersions('1.0.0-rc', '1.0.0-rc.1')).toBe(-1);
    expect(compareFirmwareVersions('1.0.0+build.7', '1.0.0')).toBe(0);
  });

  it('calls versions that are not semver-like not comparable', () => {
    expect(parseVersion('e2e-gateway-2.0')).toBeUndefined();
    expect(parseVersion('')).toBeUndefined();
    expect(parseVersion(undefined)).toBeUndefined();
    expect(compareFirmwareVersions('nightly', '1.0')).toBeUndefined();
    expect(parseVersion('1.2.3-rc.1')).toEqual({ parts: [1, 2, 3], pre: ['rc', '1'] });
  });

  it('offers the newest image of the same type and board only when it is newer than the device', () => {
    const library = [
      { id: 'a', type: 'lamp', board: 'esp32', version: '1.3.9' },
      { id: 'b', type: 'lamp', board: 'esp32', version: '1.3.10' },
      { id: 'c', type: 'lamp', board: 'esp8266', version: '9.0' },
      { id: 'd', type: 'button', board: 'esp32', version: '9.0' },
      { id: 'e', type: 'lamp', board: 'esp32', version: 'e2e-9.0' },
    ];
    expect(newerFirmware({ type: 'lamp', board: 'esp32', version: '1.3.9' }, library)?.id).toBe('b');
    expect(newerFirmware({ type: 'lamp', board: 'esp32', version: '1.3.10' }, library)).toBeUndefined();
    expect(newerFirmware({ type: 'lamp', board: 'esp32', version: '1.4.2' }, library)).toBeUndefined();
    expect(newerFirmware({ type: 'lamp', board: 'esp32' }, library)).toBeUndefined();
    expect(newerFirmware({ type: 'lamp', board: 'esp32', version: 'custom' }, library)).toBeUndefined();
    expect(newerFirmware({ type: 'socket', board: 'esp32', version: '0.1' }, library)).toBeUndefined();
  });
});

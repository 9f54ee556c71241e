import { describe, expect, it } from 'vitest';
import { compareVersions, sameType, versionStep } from './versions';

describe('firmware versions', () => {
  it('orders versions part by part, numbers as numbers', () => {
    expect(compareVersions('1.10', '1.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '2.0.0')).toBe(0);
    expect(compareVersions('0.9.1', '1.0')).toBeLessThan(0);
  });

  it('says whether flashing is an upgrade, the same version, a downgrade or unknown', () => {
    expect(versionStep({ version: '1.2' }, { version: '1.3' })).toBe('upgrade');
    expect(versionStep({ version: '1.3' }, { version: '1.3' })).toBe('same');
    expect(versionStep({ version: '2.0' }, { version: '1.9.9' })).toBe('downgrade');
    expect(versionStep({}, { version: '1.0' })).toBe('unknown');
  });

  it('matches device and firmware types exactly', () => {
    expect(sameType({ type: 'lamp' }, { type: 'lamp' })).toBe(true);
    expect(sameType({ type: 'lamp' }, { type: 'button' })).toBe(false);
  });
});

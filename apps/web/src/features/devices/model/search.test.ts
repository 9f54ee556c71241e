import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

describe('device list search', () => {
  const lamp = { name: 'Kitchen lamp', ip: '192.168.1.42', type: 'lamp', version: '2.1.0', stVersion: '1.0' };

  it('matches name, ip, type and firmware version, case-insensitively, every word', () => {
    expect(matchesSearch(lamp, 'kitchen')).toBe(true);
    expect(matchesSearch(lamp, '.42')).toBe(true);
    expect(matchesSearch(lamp, 'LAMP 2.1')).toBe(true);
    expect(matchesSearch(lamp, 'lamp button')).toBe(false);
  });

  it('matches everything when the search is blank', () => {
    expect(matchesSearch(lamp, '   ')).toBe(true);
  });
});

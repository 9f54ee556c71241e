import { formatSettingsDump } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { maskDumpSecrets, SECRET_MASK } from './dumpContent';

describe('dump secrets', () => {
  const parts = { name: 'lamp', config: '', hooks: '', actions: '' };

  it('masks the WiFi password in the raw text, keeping the ssid and mode', () => {
    const text = formatSettingsDump({ ...parts, wifi: 'home|;net;s3cret pass;1' });
    const masked = maskDumpSecrets(text);
    expect(masked).not.toContain('s3cret');
    expect(masked).toContain(`home|;net;${SECRET_MASK};1`);
  });

  it('leaves a dump without a password, and text it cannot read, as they are', () => {
    const open = formatSettingsDump({ ...parts, wifi: 'cafe;;2' });
    expect(maskDumpSecrets(open)).toBe(open);
    expect(maskDumpSecrets('not a dump')).toBe('not a dump');
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatSettingsDump, parseSettingsDump } from '../device/settings-dump';
import { DUMP_SECRET_MASK, maskSettingsDumpSecrets } from '../device/settings-dump-secrets';
import { decodeSettingsSections } from '../device/settings-sections';
import { RELAY_ROUTE_ACCESS } from './access';
import { ROUTES } from './catalog';
import { maskSecretAnswer, RELAY_SECRET_READS } from './viewerMask';

const dumpWith = (wifi: string) =>
  formatSettingsDump({ wifi, name: 'lamp', config: 'k;v', hooks: '', actions: '' });

const device = { ip: '10.0.0.2', name: 'lamp', type: 'lamp', board: 'esp32', version: '1.0.0' };
const record = (dump: string) => ({ id: '1', device, creationDateTime: '2026-01-01T00:00:00.000Z', dump });

/** Every property name anywhere in a route's answer. */
function answerKeys(schema: z.ZodType): Set<string> {
  const keys = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) walk(n);
    else if (typeof node === 'object' && node !== null) {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'properties' && typeof v === 'object' && v !== null)
          for (const name of Object.keys(v)) keys.add(name);
        walk(v);
      }
    }
  };
  walk(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));
  return keys;
}

describe('secrets in relayed reads', () => {
  it('masks the Wi-Fi password and keeps the rest of the dump readable', () => {
    const masked = maskSettingsDumpSecrets(dumpWith('home;hunter2-secret;1'));
    expect(masked).not.toContain('hunter2');
    const parsed = parseSettingsDump(masked);
    if (!parsed.ok) throw new Error(parsed.error);
    const data = decodeSettingsSections(parsed.value);
    expect(data.ok && data.value).toMatchObject({
      wifi: { ssid: 'home', password: DUMP_SECRET_MASK, mode: 1 },
      name: 'lamp',
      config: [{ key: 'k', value: 'v' }],
    });
    expect(maskSettingsDumpSecrets(dumpWith(''))).toBe(dumpWith(''));
    // an unreadable dump: where its secret sits is unknown, so nothing of it is shown
    expect(maskSettingsDumpSecrets('not a dump with hunter2')).toBe('');
  });

  it('masks each record of an answer, and refuses an answer of another shape', () => {
    const one = maskSecretAnswer(
      'gateway.devices.settings.get',
      JSON.stringify(record(dumpWith('h;pw12345678;1'))),
    );
    expect(one).not.toContain('pw12345678');
    expect(JSON.parse(one ?? '')).toMatchObject({ id: '1', secretsMasked: true });
    const list = maskSecretAnswer(
      'gateway.backups.versions',
      JSON.stringify([record(dumpWith('h;pw12345678;1'))]),
    );
    expect(list).not.toContain('pw12345678');
    expect(maskSecretAnswer('gateway.devices.settings.list', '{"dump":"x"}')).toBeNull();
    expect(maskSecretAnswer('gateway.devices.settings.list', 'not json')).toBeNull();
  });

  it('every read route whose answer can carry a dump or a secret is masked for viewers', () => {
    const secretish = /^(dump|password|token|secret|psk)$/i;
    // alert channels: the schema is shared with PUT, but GET answers hasSecret/hasToken/hasPassword instead
    // (server-kit alerts/secrets.ts, tested with the alert routes)
    const writeOnlySecrets = new Set(['gateway.alerts.get']);
    const unmasked = Object.entries(RELAY_ROUTE_ACCESS)
      .filter(([name, access]) => access === 'read' && !writeOnlySecrets.has(name))
      .filter(([name]) =>
        [...answerKeys(ROUTES[name as keyof typeof ROUTES].response)].some((k) => secretish.test(k)),
      )
      .map(([name]) => name)
      .filter((name) => !Object.hasOwn(RELAY_SECRET_READS, name));
    expect(unmasked).toEqual([]);
    // and the masked ones are reads (a write is refused to viewers anyway)
    for (const name of Object.keys(RELAY_SECRET_READS))
      expect(RELAY_ROUTE_ACCESS[name as keyof typeof RELAY_ROUTE_ACCESS]).toBe('read');
  });
});

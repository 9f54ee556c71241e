import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SETTINGS_DUMP,
  formatSettingsDump,
  parseSettingsDump,
  type SettingsDump,
} from './settings-dump';
import {
  decodeSettingsSections,
  encodeSettingsSections,
  type SettingsData,
  type StoredHook,
  splitNumberTrigger,
} from './settings-sections';

const example = '017006016000000MyWifi;pass1234;1lamp-1laddr;1.2.3.4:1;';
const hooksLine = 'button\t201111_0;led_on\t302101_0;http://{gtw}/x;2;{"v":"{v}"};\n';

describe('settings dump codec', () => {
  it('splits the reference example into its five partitions', () => {
    expect(parseSettingsDump(example)).toEqual({
      ok: true,
      value: {
        wifi: 'MyWifi;pass1234;1',
        name: 'lamp-1',
        config: 'laddr;1.2.3.4:1;',
        hooks: '',
        actions: '',
      },
    });
    expect(parseSettingsDump(EMPTY_SETTINGS_DUMP)).toMatchObject({
      ok: true,
      value: { name: '', hooks: '' },
    });
  });

  it('counts raw bytes: an escaped hooks partition round-trips byte for byte', () => {
    const dump: SettingsDump = {
      wifi: '',
      name: 'btn',
      config: '',
      hooks: hooksLine,
      actions: 'led_on;15000',
    };
    const text = formatSettingsDump(dump);
    expect(text.startsWith(`000003000${String(hooksLine.length).padStart(3, '0')}012`)).toBe(true);
    expect(text).toContain('button\\t201111_0;led_on\\t');
    expect(text).not.toMatch(/[\n\t]/);
    expect(parseSettingsDump(text)).toEqual({ ok: true, value: dump });
    expect(formatSettingsDump(dump)).toBe(text);
  });

  it('decodes the hook records of section 4.6', () => {
    const r = decodeSettingsSections({ wifi: '', name: '', config: '', hooks: hooksLine, actions: '' });
    expect(r.ok && r.value.hooks).toEqual([
      {
        sensor: 'button',
        hooks: [
          {
            type: 'action',
            id: 1,
            compareType: 'eq',
            triggerEnabled: true,
            trigger: '1_0',
            action: 'led_on',
          },
          {
            type: 'http',
            id: 2,
            compareType: 'eq',
            triggerEnabled: false,
            trigger: '1_0',
            url: 'http://{gtw}/x',
            method: 2,
            payload: '{"v":"{v}"}',
          },
        ],
      },
    ]);
    expect(splitNumberTrigger('1_0')).toEqual({ trigger: 1, threshold: 0 });
  });

  it('rejects malformed dumps with a reason', () => {
    const cases: [string, string][] = [
      ['{"cg":{}}', 'JSON'],
      ['0170', 'shorter'],
      ['01700601600000xMyWifi', 'digits'],
      ['017006016000000MyWifi;pass1234;1lamp-1', 'bytes'],
      ['017006016000000MyWifi;pass1234;1lamp-1laddr;1.2.3.4:1;EXTRA', 'bytes'],
      ['003000000000000a;b', 'wifi'],
      ['000000000004000x\\ty\\n', 'hook'],
      ['000000000000005a;b;c', 'actions'],
      ['999999999999999', 'settings area'],
      ['000000000000000\n', 'raw line break'],
    ];
    for (const [text, reason] of cases) {
      const r = parseSettingsDump(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error, text).toContain(reason);
    }
  });

  it('round-trips text -> partitions -> text for any valid dump (property)', () => {
    const raw = fc.string({ maxLength: 40 }).filter((s) => !s.includes('\\'));
    fc.assert(
      fc.property(raw, (name) => {
        const dump: SettingsDump = { wifi: '', name, config: '', hooks: '', actions: '' };
        const text = formatSettingsDump(dump);
        expect(parseSettingsDump(text)).toEqual({ ok: true, value: dump });
      }),
    );
  });

  it('round-trips structured settings through the dump (property)', () => {
    const word = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !/[\\\t\n|]/.test(s));
    const key = fc.stringMatching(/^[a-z]{1,10}$/);
    const hook: fc.Arbitrary<StoredHook> = fc
      .oneof(
        fc.record({ type: fc.constant('action' as const), action: key }),
        fc.record({
          type: fc.constant('http' as const),
          url: word.filter((s) => s !== ''),
          method: fc.integer({ min: 1, max: 5 }),
          payload: word,
        }),
        fc.record({
          type: fc.constant('notification' as const),
          notificationType: fc.integer({ min: 1, max: 3 }),
          message: word,
        }),
      )
      .chain((fields) =>
        fc
          .record({
            id: fc.integer({ min: 0, max: 99 }),
            compareType: fc.constantFrom(
              '' as const,
              'eq' as const,
              'neq' as const,
              'gte' as const,
              'lte' as const,
            ),
            triggerEnabled: fc.boolean(),
            trigger: fc.tuple(fc.integer({ min: -999, max: 999 }), fc.nat(99)).map(([a, b]) => `${a}_${b}`),
          })
          .map((base): StoredHook => ({ ...base, ...fields })),
      );
    const data: fc.Arbitrary<SettingsData> = fc.record({
      wifi: fc.option(fc.record({ ssid: word, password: word, mode: fc.constantFrom(1, 2, 5) }), {
        nil: null,
      }),
      name: key,
      config: fc.uniqueArray(fc.record({ key, value: word }), { selector: (e) => e.key, maxLength: 4 }),
      hooks: fc.uniqueArray(
        fc.record({ sensor: key, hooks: fc.array(hook, { minLength: 1, maxLength: 3 }) }),
        {
          selector: (s) => s.sensor,
          maxLength: 3,
        },
      ),
      actions: fc.array(fc.record({ name: key, callDelay: fc.nat(1_000_000) }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(data, (d) => {
        const text = formatSettingsDump(encodeSettingsSections(d));
        const back = parseSettingsDump(text);
        expect(back.ok).toBe(true);
        if (back.ok) expect(decodeSettingsSections(back.value)).toEqual({ ok: true, value: d });
      }),
    );
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(fc.property(fc.string(), (s) => typeof parseSettingsDump(s).ok === 'boolean'));
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{15}/),
        fc.string(),
        (h, rest) => typeof parseSettingsDump(h + rest).ok === 'boolean',
      ),
    );
  });
});

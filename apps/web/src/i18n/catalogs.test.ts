import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { addTexts, createI18n, pickLocale } from './index';
import { ru } from './ru';
import { PLURAL_FORMS } from './types';

/** The values a text shows (`{{name}}`, or `{{name, format}}` for a number in the language's digits). */
const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] ?? ''))].sort();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
addTexts(en, ru);
const catalogs = { en, ru } as Record<keyof typeof PLURAL_FORMS, Record<string, string>>;

/** The plural sets of a catalog: base key -> the forms it has. */
function pluralSets(catalog: Record<string, string>): Map<string, Set<string>> {
  const sets = new Map<string, Set<string>>();
  for (const key of Object.keys(catalog)) {
    const m = PLURAL_SUFFIX.exec(key);
    if (m === null) continue;
    const base = key.slice(0, m.index);
    sets.set(base, new Set([...(sets.get(base) ?? []), m[1] ?? '']));
  }
  return sets;
}

// Placeholders that stand for words, names, dates or codes (not a count of anything). Any other placeholder
// is a number, and a number shown beside words must agree with them: the text is a plural set and the number
// the words follow is `count` (i18next picks the form by Intl.PluralRules). A new placeholder must be one or
// the other: add it here only when it is never a number.
const WORDS = new Set([
  'status',
  'login',
  'id',
  'source',
  'name',
  'list',
  'ip',
  'stVersion',
  'version',
  'device',
  'when',
  'type',
  'current',
  'firmware',
  'date',
  'board',
  'size',
  'md5',
  'firmwareType',
  'firmwareVersion',
  'deviceName',
  'next',
  'devices',
  'error',
  'url',
  'address',
  'column',
  'sensor',
  'resolution',
  'action',
  'fields',
  'time',
  'file',
  'firmwareBoard',
  'why',
  'since',
  'summary',
  'away',
  'within',
  'reason',
  'channel',
  'from',
  'to',
  'what',
  'who',
  'search',
  'site',
]);
// A number that is not a count of things: the step of a three-step confirmation ("2/3").
const NOT_COUNTS = new Set(['devices.danger.wipe.confirm.button']);

/** The rest of a call's arguments from `start` to its closing parenthesis. */
function callArguments(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

describe('message catalogs', () => {
  it('Russian holds the keys of English, and for each plural set the forms Russian needs', () => {
    const expected = new Set(Object.keys(en).filter((key) => !PLURAL_SUFFIX.test(key)));
    for (const base of pluralSets(en).keys())
      for (const form of PLURAL_FORMS.ru) expected.add(`${base}_${form}`);
    expect(Object.keys(ru).sort()).toEqual([...expected].sort());
  });

  it('every message is non-empty and uses the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), key).not.toBe('');
      const base = key.replace(PLURAL_SUFFIX, '');
      const translations = PLURAL_SUFFIX.test(key)
        ? PLURAL_FORMS.ru.map((form) => ru[`${base}_${form}` as keyof typeof ru])
        : [ru[key as keyof typeof ru]];
      for (const translated of translations) {
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(translated), key).toEqual(placeholders(text));
      }
    }
  });

  it.each(Object.keys(PLURAL_FORMS) as (keyof typeof PLURAL_FORMS)[])(
    'every count in %s is a plural set with every form the language needs, and shows the count',
    (language) => {
      const catalog = catalogs[language];
      const sets = pluralSets(catalog);
      const problems: string[] = [];
      for (const [base, forms] of sets) {
        for (const form of PLURAL_FORMS[language])
          if (!forms.has(form)) problems.push(`${base}: no _${form} form`);
        for (const form of forms) {
          if (!(PLURAL_FORMS[language] as readonly string[]).includes(form))
            problems.push(`${base}: _${form} is not a form of ${language}`);
          if (!placeholders(catalog[`${base}_${form}`] ?? '').includes('count'))
            problems.push(`${base}_${form}: does not show {{count}}`);
        }
        if (Object.hasOwn(catalog, base)) problems.push(`${base}: also a plain text beside its plural set`);
      }
      for (const [key, text] of Object.entries(catalog)) {
        if (NOT_COUNTS.has(key)) continue;
        const numbers = placeholders(text).filter((name) => !WORDS.has(name));
        if (numbers.length > 0 && !PLURAL_SUFFIX.test(key))
          problems.push(`${key}: shows {{${numbers.join('}}, {{')}}} without a plural form`);
      }
      expect(problems).toEqual([]);
    },
  );

  it('a count is shown in the form its language and number need (Intl.PluralRules), English the fallback', () => {
    const ruI18n = createI18n('ru');
    const enI18n = createI18n('en');
    const lines = (i18n: typeof ruI18n, count: number) => i18n.t('integrations.mqtt.devices', { count });
    expect(lines(enI18n, 1)).toBe('1 device published');
    expect(lines(enI18n, 2)).toBe('2 devices published');
    expect(lines(ruI18n, 1)).toBe('Опубликовано 1 устройство');
    expect(lines(ruI18n, 2)).toBe('Опубликовано 2 устройства');
    expect(lines(ruI18n, 5)).toBe('Опубликовано 5 устройств');
    expect(lines(ruI18n, 21)).toBe('Опубликовано 21 устройство');
    expect(lines(ruI18n, 12)).toBe('Опубликовано 12 устройств');
    expect(enI18n.t('history.overview.reboots', { count: 1 })).toBe('1 reboot in 24 h');
    expect(enI18n.t('backups.restoreAll.start', { count: 1 })).toBe('Restore 1 device');
    // a text missing in Russian falls back to English rather than showing its key
    const fallback = createI18n('ru');
    fallback.removeResourceBundle('ru', 'translation');
    expect(fallback.t('common.cancel')).toBe('Cancel');
  });

  it('a plural set is always read with its count', () => {
    const src = fileURLToPath(new URL('../', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(resolve(src, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(`${dir}/${entry.name}`)
          : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')
            ? [`${dir}/${entry.name}`]
            : [],
      );
    const bases = [...pluralSets(en).keys()];
    const problems: string[] = [];
    for (const file of files('.')) {
      const text = readFileSync(resolve(src, file), 'utf8');
      for (const base of bases)
        for (const m of text.matchAll(new RegExp(`\\bt\\(\\s*'${base.replaceAll('.', '\\.')}'`, 'g')))
          if (!/\bcount\b/.test(callArguments(text, m.index + m[0].length)))
            problems.push(`${file}: t('${base}') without count`);
    }
    expect(problems).toEqual([]);
  });

  it('a Russian user sees Russian text with values filled in', () => {
    const i18n = createI18n('ru');
    expect(i18n.t('cloud.gateway.connected' as never, { name: 'дача' })).toBe('Шлюз дача подключился');
  });

  it('picks the stored language, else the browser language, else English', () => {
    expect(pickLocale('ru', 'en-US')).toBe('ru');
    expect(pickLocale(null, 'ru-RU')).toBe('ru');
    expect(pickLocale('de', 'fr-FR')).toBe('en');
    expect(pickLocale(null, undefined)).toBe('en');
  });
});

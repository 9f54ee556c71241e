import { describe, expect, it } from 'vitest';
import { en } from './en';
import { createI18n, pickLocale } from './index';
import { ru } from './ru';

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();

describe('message catalogs', () => {
  it('English and Russian hold exactly the same keys', () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
  });

  it('every message is non-empty and uses the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(en)) {
      const translated = ru[key as keyof typeof ru];
      expect(text.trim(), key).not.toBe('');
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it('a Russian user sees Russian text with values filled in', () => {
    const i18n = createI18n('ru', { messages: ru, errors: {} });
    expect(i18n.t('cloud.gateway.connected', { name: 'дача' })).toBe('Шлюз дача подключился');
    expect(i18n.t('gateway.edit.validation.name.long.desc', { len: 32 })).toContain('32');
  });

  it('picks the stored language, else the browser language, else English', () => {
    expect(pickLocale('ru', 'en-US')).toBe('ru');
    expect(pickLocale(null, 'ru-RU')).toBe('ru');
    expect(pickLocale('de', 'fr-FR')).toBe('en');
    expect(pickLocale(null, undefined)).toBe('en');
  });
});

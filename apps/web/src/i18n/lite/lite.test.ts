import { describe, expect, it } from 'vitest';
import { createInstance, interpolate } from './i18next';

describe('the i18next stand-in', () => {
  const i18n = createInstance();
  void i18n.use({}).init({
    lng: 'ru',
    resources: {
      ru: {
        translation: { 'a.b': 'Привет, {{name}}!', plain: 'Просто', spaced: '{{ count }} шт.' },
        errors: { NOT_FOUND: 'Не найдено' },
      },
    },
  });

  it('fills {{params}} without escaping, keeps unknown keys as they are', () => {
    expect(i18n.t('a.b', { name: '<Лампа & Co>' })).toBe('Привет, <Лампа & Co>!');
    expect(i18n.t('plain')).toBe('Просто');
    expect(i18n.t('spaced', { count: 3 })).toBe('3 шт.');
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(interpolate('{{a}}-{{b}}', { a: 1 })).toBe('1-');
  });

  it('reads another namespace and reports its language', () => {
    expect(i18n.language).toBe('ru');
    expect(i18n.getResource('ru', 'errors', 'NOT_FOUND')).toBe('Не найдено');
    expect(i18n.getResource('en', 'errors', 'NOT_FOUND')).toBeUndefined();
  });
});

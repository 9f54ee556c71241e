import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cloudFirstEn, cloudOwnFirstEn } from '../cloud/en';
import { en } from '../en';
import { firstEn } from '../first/en';
import { completeCatalog, completeCatalogRest, completeErrorTexts, createI18n, loadCatalog } from '../index';
import { ru } from '../ru';
import { startEn } from './en';
import { startRu } from './ru';

// What renders before the routed console's catalog is in (App.tsx's ConsoleCatalog gate): the sign-in, the
// offline state, loaders, toasts and the services' own texts. Everything else sits behind the gate (and what
// only its first screens do not show, behind lazyWithTexts: ../first/first.test.ts).
const START_UP_FILES = [
  'features/auth/LoginForm.tsx',
  'features/delivery/OfflineScreen.tsx',
  'features/notifications/toaster.tsx',
  'app/ToastViewport.tsx',
  'ui/PageLoader.tsx',
  'ui/ConfirmDialog.tsx',
  'main.tsx',
];
const source = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('the start-up catalog', () => {
  it('holds the same keys in both languages, with the same texts as the whole catalogs', () => {
    expect(Object.keys(startRu).sort()).toEqual(Object.keys(startEn).sort());
    for (const [key, text] of Object.entries(startEn)) {
      expect(en[key as keyof typeof en], key).toBe(text);
      expect(ru[key as keyof typeof ru], key).toBe(startRu[key as keyof typeof startRu]);
    }
  });

  it('holds every message the start-up code names', () => {
    const named = START_UP_FILES.flatMap((file) =>
      [...source(file).matchAll(/'([a-z][\w.-]*)'/gi)]
        .map((m) => m[1] ?? '')
        .filter((text) => Object.hasOwn(en, text))
        .map((key) => `${file}: ${key}`),
    );
    expect(named.length).toBeGreaterThan(10);
    const missing = named.filter((entry) => !Object.hasOwn(startEn, entry.split(': ')[1] ?? ''));
    expect(missing).toEqual([]);
    // the services' toasts that can show before the console (sign-in errors, live notifications)
    for (const key of ['toast.from', 'toast.close', 'notification.caption'])
      expect(Object.hasOwn(startEn, key), key).toBe(true);
  });

  it('is all that start-up loads; completeCatalog adds the first part, completeCatalogRest the rest, completeErrorTexts the errors', async () => {
    const i18n = createI18n('ru', await loadCatalog('ru'));
    expect(i18n.t('log.in')).toBe('Войти');
    expect(i18n.t('devices.search')).toBe('devices.search');
    expect(i18n.getResource('ru', 'errors', 'NOT_FOUND')).toBeUndefined();
    const first = completeCatalog(i18n);
    expect(completeCatalog(i18n)).toBe(first);
    await first;
    expect(i18n.t('devices.search')).toBe(ru['devices.search']);
    expect(i18n.t('log.in')).toBe('Войти');
    // the error texts come with the first error answer (services.ts), not with any part of the catalog
    expect(i18n.getResource('ru', 'errors', 'NOT_FOUND')).toBeUndefined();
    // the device panel's texts are in the rest
    expect(i18n.t('devices.tabs.info')).toBe('devices.tabs.info');
    const rest = completeCatalogRest(i18n);
    expect(completeCatalogRest(i18n)).toBe(rest);
    await rest;
    expect(i18n.t('devices.tabs.info')).toBe(ru['devices.tabs.info']);
    expect(i18n.t('devices.search')).toBe(ru['devices.search']);
    const errors = completeErrorTexts(i18n);
    expect(completeErrorTexts(i18n)).toBe(errors);
    await errors;
    expect(i18n.getResource('ru', 'errors', 'NOT_FOUND')).toBe('Не найдено');
  });

  it("completeCatalogRest alone brings the whole catalog (the first part with it) but the other mode's own", async () => {
    const gateway = createI18n('en', await loadCatalog('en'), 'gateway');
    await completeCatalogRest(gateway);
    const cloud = createI18n('en', await loadCatalog('en'), 'cloud');
    await completeCatalogRest(cloud);
    for (const [key, text] of Object.entries(en)) {
      // (cloud mode's gateway list is never on a gateway's page; a gateway's own header widgets never in cloud mode)
      if (!Object.hasOwn(cloudOwnFirstEn, key)) expect(gateway.t(key as keyof typeof en), key).toBe(text);
      if (Object.hasOwn(firstEn, key) && !Object.hasOwn(cloudFirstEn, key)) continue;
      expect(cloud.t(key as keyof typeof en), key).toBe(text);
    }
    expect(gateway.t('gateway.selector.title')).toBe('gateway.selector.title');
    expect(cloud.t('gateway.signIn.title')).toBe('gateway.signIn.title');
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_SCREENS } from '../../app/screenLoaders';
import { cloudFirstEn, cloudOwnFirstEn } from '../cloud/en';
import { cloudFirstRu, cloudOwnFirstRu } from '../cloud/ru';
import { en } from '../en';
import { createI18n, loadCatalog, withCatalogRest } from '../index';
import { restEn } from '../rest/en';
import { restRu } from '../rest/ru';
import { ru } from '../ru';
import { startEn } from '../start/en';
import { startRu } from '../start/ru';
import { firstEn } from './en';
import { firstRu } from './ru';

// The first part of the routed console's catalog (./en.ts) holds the texts of what can render before the
// rest (../rest) is in: the code that runs without waiting for the rest. That code is found here by walking
// the source: from main.tsx, along static imports, and across a dynamic import (`import('…')`, React.lazy)
// only when the import does not wait for the rest (lazyWithTexts, withCatalogRest; app/screenLoaders.ts: the
// screens of FIRST_SCREENS). Whatever that code names as a message must be in the start-up part or the first
// part; a lazily loaded component that does not wait for the rest adds its keys here, so the test says so.

const SRC = fileURLToPath(new URL('../../', import.meta.url));
const source = (file: string) => readFileSync(resolve(SRC, file), 'utf8');

/** The catalogs themselves (data, not code that names keys). */
const isCatalog = (file: string) =>
  /(^|\/)messages\.ts$/.test(file) || /^i18n\/((start|first|rest|errors)\/)?(en|ru)\.ts$/.test(file);

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)[^'";]*?\bfrom\s*'([^']+)'|^\s*import\s*'([^']+)'/gm;
const DYNAMIC_IMPORT = /import\(\s*'([^']+)'\s*\)/g;
const WAITS_FOR_REST = /(?:lazyWithTexts|withCatalogRest)\(\s*\(\)\s*=>\s*$/;

/** A relative specifier as a source file of src/ (undefined: a package, CSS, anything not our TypeScript). */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(SRC, dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return relative(SRC, candidate);
  return undefined;
}

/** The screens' modules of app/screenLoaders.ts, by menu item. */
const screenModules = new Map(
  [...source('app/screenLoaders.ts').matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)].map((m) => [
    m[1] ?? '',
    resolveImport('app/screenLoaders.ts', m[2] ?? ''),
  ]),
);

/** The files that run without waiting for the rest of the catalog. */
function firstScreenFiles(skip: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const next = ['main.tsx'];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (seen.has(file) || skip.has(file)) continue;
    seen.add(file);
    const text = source(file);
    for (const m of text.matchAll(STATIC_IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? '');
      if (target !== undefined) next.push(target);
    }
    if (file === 'app/screenLoaders.ts') {
      for (const item of FIRST_SCREENS) {
        const screen = screenModules.get(item);
        if (screen !== undefined) next.push(screen);
      }
      continue;
    }
    for (const m of text.matchAll(DYNAMIC_IMPORT)) {
      if (WAITS_FOR_REST.test(text.slice(Math.max(0, m.index - 100), m.index))) continue;
      const target = resolveImport(file, m[1] ?? '');
      if (target !== undefined) next.push(target);
    }
  }
  return seen;
}

/** A file's comments, strings and template literals, in order (a comment's apostrophe opens no string). */
const TOKEN = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/**
 * Every message a file names: a literal key anywhere (a t() call, a map of keys) and, for a key built at run
 * time (t(`devices.tabs.${tab}`)), every key that begins as it does.
 */
function namedKeys(text: string): string[] {
  const keys: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0];
    if (token.startsWith('/')) continue;
    const value = token.slice(1, -1);
    if (token.startsWith('`') && value.includes('${')) {
      if (!/\bt\(\s*$/.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
      const prefix = value.slice(0, value.indexOf('${'));
      keys.push(...Object.keys(en).filter((key) => key.startsWith(prefix)));
    } else if (Object.hasOwn(en, value)) keys.push(value);
  }
  return keys;
}

function allSourceFiles(dir = ''): string[] {
  return readdirSync(resolve(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return allSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the first part of the console's catalog", () => {
  const files = firstScreenFiles();

  it('is decided by the code of the first screens, walked from main.tsx', () => {
    for (const file of [
      'app/GatewayConsole.tsx',
      'app/CloudConsole.tsx',
      'app/Shell.tsx',
      'features/menu/AppMenu.tsx',
      'features/devices/DevicesPage.tsx',
      'features/devices/search/SearchPanel.tsx',
      'features/security/GatewaySignInForm.tsx',
      'features/gateways/GatewaySelectorPage.tsx',
      'features/gateways/GatewaySelector.tsx',
      'features/notifications/NotificationBell.tsx',
    ])
      expect(files, file).toContain(file);
    // ...and not what waits for the rest: the device panel, the other screens, the dialogs
    for (const file of [
      'features/devices/panel/DevicePanel.tsx',
      'features/logs/LogsPage.tsx',
      'features/accounts/UsersPage.tsx',
      'features/accounts/ChangePasswordScreen.tsx',
      'features/gateways/GatewayEditDialog.tsx',
      'features/fleet/BulkDialog.tsx',
      // (with the first selection)
      'features/fleet/BulkBar.tsx',
    ])
      expect(files, file).not.toContain(file);
  });

  const namedBy = (walked: Set<string>) => {
    const named = new Map<string, string>();
    for (const file of walked)
      if (!isCatalog(file)) for (const key of namedKeys(source(file))) named.set(key, file);
    return named;
  };

  it.each([
    { mode: 'gateway', part: firstEn, other: 'app/CloudConsole.tsx' },
    { mode: 'cloud', part: cloudFirstEn, other: 'app/GatewayConsole.tsx' },
  ])(
    "holds every message $mode mode's first screens name (with the start-up part), and nothing else",
    ({ part, other }) => {
      const walked = firstScreenFiles(new Set([other]));
      expect(walked.has('features/devices/DevicesPage.tsx')).toBe(true);
      expect(walked.has(other)).toBe(false);
      const named = namedBy(walked);
      const missing = [...named]
        .filter(([key]) => !Object.hasOwn(startEn, key) && !Object.hasOwn(part, key))
        .map(([key, file]) => `${file}: ${key}`);
      expect(missing).toEqual([]);
      expect(Object.keys(part).filter((key) => !named.has(key))).toEqual([]);
    },
  );

  it("cloud mode's part is ../first's texts that cloud mode shows and its own, in both languages", () => {
    const both: Record<string, string> = { ...firstEn, ...cloudOwnFirstEn };
    for (const [key, text] of Object.entries(cloudFirstEn)) expect(text, key).toBe(both[key]);
    expect(Object.keys(cloudFirstRu).sort()).toEqual(Object.keys(cloudFirstEn).sort());
    for (const [key, text] of Object.entries(cloudFirstRu))
      expect(ru[key as keyof typeof ru], key).toBe(text);
    for (const key of Object.keys(cloudOwnFirstEn)) expect(Object.hasOwn(cloudFirstEn, key), key).toBe(true);
  });

  it('finds every key built at run time by its beginning', () => {
    for (const file of allSourceFiles()) {
      for (const m of source(file).matchAll(/\bt\(\s*`([^`]*)`/g)) {
        const text = m[1] ?? '';
        if (!text.includes('${')) continue;
        const prefix = text.slice(0, text.indexOf('${'));
        const family = Object.keys(en).filter((key) => key.startsWith(prefix));
        expect(prefix.endsWith('.') && family.length > 0, `${file}: t(\`${text}\`)`).toBe(true);
      }
    }
  });

  it('with the start-up part and the rest is the whole catalog, a key in one part, in both languages', () => {
    const parts = [startEn, firstEn, cloudOwnFirstEn, restEn].map((part) => Object.keys(part));
    expect(parts.flat().sort()).toEqual(Object.keys(en).sort());
    expect(new Set(parts.flat()).size).toBe(parts.flat().length);
    expect(Object.keys(firstRu).sort()).toEqual(Object.keys(firstEn).sort());
    expect(Object.keys(restRu).sort()).toEqual(Object.keys(restEn).sort());
    expect(Object.keys(cloudOwnFirstRu).sort()).toEqual(Object.keys(cloudOwnFirstEn).sort());
    for (const [key, text] of Object.entries(firstRu)) expect(ru[key as keyof typeof ru], key).toBe(text);
    for (const [key, text] of Object.entries(restRu)) expect(ru[key as keyof typeof ru], key).toBe(text);
    expect(
      Object.keys(startRu).length +
        Object.keys(firstRu).length +
        Object.keys(cloudOwnFirstRu).length +
        Object.keys(restRu).length,
    ).toBe(Object.keys(ru).length);
  });

  it("is much smaller than the rest (the device panel's, the other screens' and the dialogs' texts)", () => {
    const size = (part: object) => JSON.stringify(part).length;
    expect(size(firstEn)).toBeLessThan(size(restEn) / 2);
    expect(Object.hasOwn(firstEn, 'devices.search')).toBe(true);
    expect(Object.hasOwn(restEn, 'devices.tabs.info')).toBe(true);
  });
});

describe('a lazily loaded part of the console (lazyWithTexts, withCatalogRest)', () => {
  it('resolves only once the whole catalog is in the page instance', async () => {
    const i18n = createI18n('ru', await loadCatalog('ru'));
    let loaded = false;
    const load = withCatalogRest(async () => {
      loaded = true;
      return { default: 'the module' };
    });
    const pending = load();
    expect(loaded).toBe(true);
    expect(i18n.t('devices.tabs.info')).toBe('devices.tabs.info');
    expect(await pending).toEqual({ default: 'the module' });
    expect(i18n.t('devices.tabs.info')).toBe(ru['devices.tabs.info']);
    expect(i18n.t('devices.search')).toBe(ru['devices.search']);
  });

  it('waits for the page instance when called before it is made (start-up preloads)', async () => {
    vi.resetModules();
    const fresh = await import('../index');
    const load = fresh.withCatalogRest(async () => 'early');
    const pending = load();
    const i18n = fresh.createI18n('en', await fresh.loadCatalog('en'));
    expect(await pending).toBe('early');
    expect(i18n.t('devices.tabs.info')).toBe(en['devices.tabs.info']);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commonEn } from './common';
import { en } from './en';
import { addTexts, createI18n } from './index';

// Texts load with the code that shows them: a module calls addTexts(xEn, xRu) for the features whose texts it
// names, and whatever it names must be in by the time it renders. The source is walked here as the bundler
// splits it: a "load" is main.tsx or the target of a dynamic import (`import('…')`: a lazy screen, dialog or
// panel) with everything it imports statically. A load may name a text when the text is added by a module of
// that load, or is surely in already: added by every load that imports it (its parents), or common.

const SRC = fileURLToPath(new URL('../', import.meta.url));
const source = (file: string) => readFileSync(resolve(SRC, file), 'utf8');

/** The catalogs themselves (data, not code that names keys). */
const isCatalog = (file: string) =>
  /(^|\/)messages(First)?\.ts$/.test(file) || /^i18n\/(en|ru|common|errors\/(en|ru))\.ts$/.test(file);

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)[^'";]*?\bfrom\s*'([^']+)'|^\s*import\s*'([^']+)'/gm;
const DYNAMIC_IMPORT = /import\(\s*'([^']+)'\s*\)/g;
const ADD_TEXTS = /\baddTexts\(\s*(\w+)\s*,/g;

/** A relative specifier as a source file of src/ (undefined: a package, CSS, anything not our TypeScript). */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(SRC, dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return relative(SRC, candidate);
  return undefined;
}

/** A load: a module and what it imports statically; `lazy`: the loads its files import dynamically. */
function walk(entry: string): { files: Set<string>; lazy: Set<string> } {
  const files = new Set<string>();
  const lazy = new Set<string>();
  const next = [entry];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const text = source(file);
    for (const m of text.matchAll(STATIC_IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? '');
      if (target !== undefined) next.push(target);
    }
    for (const m of text.matchAll(DYNAMIC_IMPORT)) {
      const target = resolveImport(file, m[1] ?? '');
      if (target !== undefined) lazy.add(target);
    }
  }
  return { files, lazy };
}

/** A file's comments, strings and template literals, in order (a comment's apostrophe opens no string). */
const TOKEN = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
const KEYS = Object.keys(en);

/**
 * Every message a file names: a literal key anywhere (a t() call, a map of keys; a plural set by its base),
 * and for a key built at run time (t(`devices.tabs.${tab}`)) every key that begins as it does.
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
      keys.push(...KEYS.filter((key) => key.startsWith(prefix)));
    } else if (Object.hasOwn(en, value)) keys.push(value);
    else if (Object.hasOwn(en, `${value}_other`)) keys.push(`${value}_other`);
  }
  return keys;
}

/** The English texts each messages module exports, by export name (what addTexts is called with). */
const exported = new Map<string, Record<string, string>>(
  Object.values(
    import.meta.glob<Record<string, Record<string, string>>>('../features/*/messages.ts', { eager: true }),
  ).flatMap((module) => Object.entries(module)),
);

function allSourceFiles(dir = ''): string[] {
  return readdirSync(resolve(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return allSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface Load {
  files: Set<string>;
  lazy: Set<string>;
  adds: Set<string>;
  named: Map<string, string>;
}

/** Every load reachable from main.tsx, by its entry module. */
function loads(): Map<string, Load> {
  const found = new Map<string, Load>();
  const next = ['main.tsx'];
  for (let entry = next.pop(); entry !== undefined; entry = next.pop()) {
    if (found.has(entry)) continue;
    const { files, lazy } = walk(entry);
    const adds = new Set<string>(Object.keys(commonEn));
    const named = new Map<string, string>();
    for (const file of files) {
      if (isCatalog(file)) continue;
      const text = source(file);
      for (const m of text.matchAll(ADD_TEXTS)) {
        const texts = exported.get(m[1] ?? '');
        expect(texts, `${file}: addTexts(${m[1]}, …) names no feature's English texts`).toBeDefined();
        for (const key of Object.keys(texts ?? {})) adds.add(key);
      }
      for (const key of namedKeys(text)) if (!named.has(key)) named.set(key, file);
    }
    found.set(entry, { files, lazy, adds, named });
    next.push(...lazy);
  }
  return found;
}

/** The keys surely in when each load renders: its own additions and what every load importing it added. */
function available(all: Map<string, Load>): Map<string, Set<string>> {
  const parents = new Map<string, string[]>();
  for (const [entry, load] of all)
    for (const child of load.lazy) parents.set(child, [...(parents.get(child) ?? []), entry]);
  // the greatest fixed point: start from everything, narrow until nothing changes
  const result = new Map<string, Set<string>>(
    [...all.keys()].map((entry) => [entry, entry === 'main.tsx' ? all.get(entry)?.adds : new Set(KEYS)]) as [
      string,
      Set<string>,
    ][],
  );
  for (let changed = true; changed; ) {
    changed = false;
    for (const [entry, load] of all) {
      if (entry === 'main.tsx') continue;
      const inherited = (parents.get(entry) ?? []).map((p) => result.get(p) ?? new Set<string>());
      const next = new Set(load.adds);
      for (const key of KEYS)
        if (inherited.length > 0 && inherited.every((set) => set.has(key))) next.add(key);
      if (next.size !== result.get(entry)?.size) {
        result.set(entry, next);
        changed = true;
      }
    }
  }
  return result;
}

describe('texts load with the code that shows them', () => {
  const all = loads();

  it('walks the lazily loaded screens, dialogs and panels', () => {
    for (const entry of [
      'app/GatewayConsole.tsx',
      'app/CloudConsole.tsx',
      'features/auth/LoginForm.tsx',
      'features/devices/DevicesPage.tsx',
      'features/devices/panel/DevicePanel.tsx',
      'features/logs/LogsPage.tsx',
      'features/accounts/UsersPage.tsx',
      'features/fleet/BulkDialog.tsx',
    ])
      expect(all.has(entry), entry).toBe(true);
  });

  it('every text a load names is added by it or by every load that imports it', () => {
    const surely = available(all);
    const missing: string[] = [];
    for (const [entry, load] of all)
      for (const [key, file] of load.named)
        if (!surely.get(entry)?.has(key)) missing.push(`${entry} (${file}): ${key}`);
    expect(missing).toEqual([]);
  });

  it('every text of the catalog is added by some module', () => {
    const added = new Set<string>();
    for (const file of allSourceFiles())
      for (const m of source(file).matchAll(ADD_TEXTS))
        for (const key of Object.keys(exported.get(m[1] ?? '') ?? {})) added.add(key);
    for (const key of Object.keys(commonEn)) added.add(key);
    expect(KEYS.filter((key) => !added.has(key))).toEqual([]);
  });

  it('finds every key built at run time by its beginning', () => {
    for (const file of allSourceFiles()) {
      for (const m of source(file).matchAll(/\bt\(\s*`([^`]*)`/g)) {
        const text = m[1] ?? '';
        if (!text.includes('${')) continue;
        const prefix = text.slice(0, text.indexOf('${'));
        const family = KEYS.filter((key) => key.startsWith(prefix));
        expect(prefix.endsWith('.') && family.length > 0, `${file}: t(\`${text}\`)`).toBe(true);
      }
    }
  });

  it('a text added after the instance was made is there, in its language with English as the fallback', () => {
    const i18n = createI18n('ru');
    expect(i18n.t('common.cancel')).toBe('Отмена');
    addTexts(
      { 'test.only.ru': 'Text', 'test.only.en': 'English only' } as Record<string, string>,
      {
        'test.only.ru': 'Текст',
      } as Record<string, string>,
    );
    expect(i18n.t('test.only.ru' as never)).toBe('Текст');
    expect(i18n.t('test.only.en' as never)).toBe('English only');
    expect(createI18n('en').t('test.only.ru' as never)).toBe('Text');
  });
});

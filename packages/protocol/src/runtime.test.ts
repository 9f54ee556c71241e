import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseRuntimeMeta,
  RUNTIME_PLACEHOLDER,
  RuntimeConfig,
  readRuntimeConfig,
  renderIndexHtml,
} from './runtime';

const page = `<!doctype html><html><head><meta charset="utf-8">${RUNTIME_PLACEHOLDER}<title>SmartThing</title></head><body><div id="root"></div></body></html>`;
const config: RuntimeConfig = { mode: 'cloud', basePath: '/console/', version: '1.0.0' };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** What a browser reads: the meta element's content attribute, entities decoded, parsed as JSON. */
function readMeta(html: string): unknown {
  const metas = [...html.matchAll(/<meta name="st-runtime-config" content="([^"]*)">/g)];
  if (metas.length !== 1 || metas[0]?.[1] === undefined) throw new Error('not exactly one runtime meta');
  return parseRuntimeMeta(metas[0][1].replace(/&(amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e));
}

describe('runtime config injection', () => {
  it('replaces the placeholder with the base href and the config script', () => {
    const html = renderIndexHtml(page, config);
    expect(html).not.toContain(RUNTIME_PLACEHOLDER);
    expect(html).toContain(
      '<head><meta charset="utf-8"><base href="/console/"><meta name="st-runtime-config"',
    );
    expect(html).not.toContain('<script');
    expect(readMeta(html)).toEqual(config);
  });

  it('round-trips through readRuntimeConfig', () => {
    expect(readRuntimeConfig(readMeta(renderIndexHtml(page, config)))).toEqual({
      ok: true,
      value: config,
    });
  });

  it('cannot be broken out of by a hostile version string', () => {
    const hostile = { ...config, version: '"><script>alert(1)</script><!--\'' };
    const html = renderIndexHtml(page, hostile);
    expect(html).not.toContain('<script');
    expect(readMeta(html)).toEqual(hostile);
  });

  it('keeps any version text intact inside the attribute', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }), (version) => {
        const html = renderIndexHtml(page, { ...config, version });
        expect(html).not.toContain('<script');
        expect(readMeta(html)).toEqual({ ...config, version });
      }),
    );
  });

  it('inserts after <head> when the page has no placeholder', () => {
    const html = renderIndexHtml('<html><head lang="en"><title>x</title></head></html>', config);
    expect(
      html.startsWith('<html><head lang="en"><base href="/console/"><meta name="st-runtime-config"'),
    ).toBe(true);
  });

  it.each(['console/', '/console', '/a b/', '/"onload="x/', ''])('refuses the base path %j', (basePath) => {
    expect(() => renderIndexHtml(page, { ...config, basePath })).toThrow(/basePath/);
  });

  it('accepts the root base path', () => {
    expect(renderIndexHtml(page, { ...config, basePath: '/' })).toContain('<base href="/">');
  });

  it('explains a missing or broken config', () => {
    expect(readRuntimeConfig(undefined)).toEqual({
      ok: false,
      error: 'No runtime config was injected into index.html',
    });
    const broken = readRuntimeConfig({ mode: 'moon', basePath: '/', version: '1' });
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error).toContain('mode');
  });

  it("reads a config exactly when the servers' schema accepts it (the console reads it without zod)", () => {
    const text = fc.oneof(
      fc.constantFrom('gateway', 'cloud', '/', '/console/', '/a/b/', '', 'console/', '/a b/', '1.0.0'),
      fc.string(),
    );
    const candidate = fc.oneof(
      fc.record(
        { mode: fc.oneof(text, fc.integer()), basePath: text, version: fc.oneof(text, fc.constant(null)) },
        { requiredKeys: [] },
      ),
      fc.record({ mode: text, basePath: text, version: text, extra: fc.anything() }),
      fc.anything(),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        const schema = RuntimeConfig.safeParse(value);
        const read = readRuntimeConfig(value);
        // (nothing injected is told apart from a bad config)
        expect(read.ok).toBe(value !== undefined && value !== null && schema.success);
        if (read.ok && schema.success) expect(read.value).toEqual(schema.data);
      }),
      { numRuns: 2000 },
    );
    const bad = readRuntimeConfig({ mode: 'cloud', basePath: 'console/', version: '' });
    expect(bad).toEqual({
      ok: false,
      error:
        'Bad runtime config: basePath: basePath must start and end with "/", e.g. "/" or "/console/"; version: expected a non-empty string',
    });
  });
});

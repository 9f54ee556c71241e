import type { RuntimeConfig } from '@st/protocol';
import {
  PRODUCT_VERSION,
  parseRuntimeMeta,
  RUNTIME_META_NAME,
  readRuntimeConfig,
} from '@st/protocol/constants';

export type ConsoleMode = RuntimeConfig['mode'];

/** Set by vite.config.ts at build time. */
declare const __ST_UI_BUILD_TIME__: string;

export interface UiBuildInfo {
  version: string;
  mode: ConsoleMode;
  buildTime: string;
}

export type RuntimeResult = { ok: true; config: RuntimeConfig } | { ok: false; error: string };

/**
 * The serving server injects {mode, basePath, version}. `vite dev` has no server to do that, so in dev the
 * mode comes from VITE_ST_MODE (default gateway) and the base path is '/'.
 */
export function loadRuntimeConfig(win: Window): RuntimeResult {
  // A <meta> element, not an inline script, so the Content-Security-Policy forbids every inline script.
  const meta = win.document.querySelector(`meta[name="${RUNTIME_META_NAME}"]`);
  const injected = parseRuntimeMeta(meta?.getAttribute('content'));
  if (injected === undefined && import.meta.env.DEV) {
    const mode: ConsoleMode = import.meta.env.VITE_ST_MODE === 'cloud' ? 'cloud' : 'gateway';
    return { ok: true, config: { mode, basePath: '/', version: 'dev' } };
  }
  const result = readRuntimeConfig(injected);
  return result.ok ? { ok: true, config: result.value } : { ok: false, error: result.error };
}

export function uiBuildInfo(config: RuntimeConfig): UiBuildInfo {
  return { version: PRODUCT_VERSION, mode: config.mode, buildTime: __ST_UI_BUILD_TIME__ };
}

/** Absolute base URL every API path and the live channel resolve against, always ending with '/'. */
export function baseUrlOf(config: RuntimeConfig, origin: string): string {
  const path = config.basePath.endsWith('/') ? config.basePath : `${config.basePath}/`;
  return new URL(path, origin).toString();
}

/** React Router's basename: the base path without its trailing slash ('' at the root). */
export function routerBasename(config: RuntimeConfig): string {
  return config.basePath.replace(/\/+$/, '');
}

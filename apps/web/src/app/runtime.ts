import { PRODUCT_VERSION, type RuntimeConfig, readRuntimeConfig } from '@st/protocol';

export type ConsoleMode = RuntimeConfig['mode'];

declare global {
  interface Window {
    __ST_CONFIG__?: unknown;
  }
}

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
  if (win.__ST_CONFIG__ === undefined && import.meta.env.DEV) {
    const mode: ConsoleMode = import.meta.env.VITE_ST_MODE === 'cloud' ? 'cloud' : 'gateway';
    return { ok: true, config: { mode, basePath: '/', version: 'dev' } };
  }
  const result = readRuntimeConfig(win.__ST_CONFIG__);
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

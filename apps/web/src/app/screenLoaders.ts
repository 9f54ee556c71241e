import type { ComponentType } from 'react';
import type { MenuItem } from '../features/menu/menuItems';

type ScreenModule = { default: ComponentType };

/**
 * A screen's loader that, once the module has loaded (start-up preloads the first screen), hands it over in a
 * thenable that calls back at once: React.lazy then renders the screen in the same render instead of
 * suspending, committing the fallback and revealing the screen up to 300 ms later (React throttles reveals;
 * issue 21, the first list). React.lazy reads the module's status right after calling `then` for this.
 */
export function handOverOnceLoaded<M>(load: () => Promise<M>): () => Promise<M> {
  let loaded: { module: M } | undefined;
  return () => {
    if (loaded === undefined)
      return load().then((module) => {
        loaded = { module };
        return module;
      });
    const { module } = loaded;
    // Called back at once (not in a microtask) for React.lazy's synchronous read.
    return {
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose
      then: (onFulfilled?: ((m: M) => unknown) | null, onRejected?: ((e: unknown) => unknown) | null) => {
        if (typeof onFulfilled !== 'function') return Promise.resolve(module).then(onFulfilled, onRejected);
        try {
          return Promise.resolve(onFulfilled(module));
        } catch (error) {
          return Promise.reject(error);
        }
      },
    } as Promise<M>;
  };
}

/** Each screen's module, by its menu item (app/screens.tsx makes them lazy routes). */
export const screenLoaders: Record<MenuItem, () => Promise<ScreenModule>> = {
  panel: handOverOnceLoaded(() => import('../features/devices/DevicesPage')),
  settings: handOverOnceLoaded(() => import('../features/settings-dumps/SettingsPage')),
  logs: handOverOnceLoaded(() => import('../features/logs/LogsPage')),
  ota: handOverOnceLoaded(() => import('../features/ota/OtaPage')),
  integrations: handOverOnceLoaded(() => import('../features/integrations/IntegrationsPage')),
  alerts: handOverOnceLoaded(() => import('../features/alerts/AlertsPage')),
  overview: handOverOnceLoaded(() => import('../features/history/OverviewPage')),
};

/**
 * What a screen asks the gateway for first, in gateway mode, besides the sign-in check every screen waits
 * for: start-up asks for them beside the console's chunks (api/earlyGets.ts, issue 21). Paths of the route
 * catalog (a test keeps them equal), written out here so the start-up chunk carries no catalog.
 */
export const GATEWAY_SIGN_IN_CHECK = '/api/gateway/auth';
export const screenFirstGets: Partial<Record<MenuItem, readonly string[]>> = {
  panel: ['/api/devices/search/enabled', '/api/devices/found', '/api/devices/saved'],
};

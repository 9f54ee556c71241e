import './app/styles';
import { STORAGE_KEYS } from '@st/protocol/constants';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prefetchFirstScreen, preloadFirstScreen } from './app/App';
import { loadRuntimeConfig, uiBuildInfo } from './app/runtime';
import { createServices } from './app/services';
import { registerServiceWorker } from './features/delivery/serviceWorker';
import { createI18n, pickLocale } from './i18n';
import { initColorScheme } from './ui/kit/colorScheme';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

initColorScheme(STORAGE_KEYS.theme);
const runtime = loadRuntimeConfig(window);
const locale = pickLocale(window.localStorage.getItem(STORAGE_KEYS.locale), window.navigator.language);
if (runtime.ok) {
  preloadFirstScreen(
    runtime.config.mode,
    window.localStorage.getItem(STORAGE_KEYS.refreshToken) !== null,
    window.location.pathname,
  );
}
const i18n = createI18n(locale);
document.documentElement.lang = locale;

if (!runtime.ok) {
  console.error(runtime.error);
  root.textContent = i18n.t('runtime.missing');
} else {
  const { config } = runtime;
  document.title = `SmartThing ${config.mode}`;
  console.debug(
    'UI build info',
    ...Object.entries(uiBuildInfo(config)).map(([key, value]) => `\n${key}: ${value}`),
  );
  const services = createServices({
    config,
    origin: window.location.origin,
    storage: window.localStorage,
    log: console,
    i18n,
    reload: () => window.location.reload(),
  });
  prefetchFirstScreen(services, window.location.pathname);
  window.addEventListener('pagehide', () => void services.live.stop());
  createRoot(root).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
  registerServiceWorker();
}

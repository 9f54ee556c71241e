// Registers the console's service worker (public/sw.js, issue 21) and tells whether this page was served
// by it from the cache because the server could not be reached.

/** The service worker marks the kept page it serves when the server is down (see public/sw.js). */
export function startedOffline(doc: Document = document): boolean {
  return doc.querySelector('meta[name="st-offline"]') !== null;
}

const REGISTER_DELAY_MS = 3000;

/** Registers sw.js next to index.html (relative to the page's <base>), in production builds only. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register(new URL('sw.js', document.baseURI), { scope: './' });
      const ready = await navigator.serviceWorker.ready;
      // What this page loaded before the worker was in control, for it to keep (see public/sw.js).
      const files = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.startsWith(window.location.origin) && !u.includes('/api/'));
      const page = window.location.href;
      ready.active?.postMessage({ type: 'st-keep', page, urls: [page, ...files] });
    } catch (error) {
      console.warn('Service worker not registered', error);
    }
  };
  // Well after the first screen's own downloads and API calls, so it never competes with them.
  const later = () => window.setTimeout(() => void register(), REGISTER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** True when the server answers again (any HTTP answer counts: the server is up). */
export async function serverReachable(baseUrl: string): Promise<boolean> {
  try {
    await fetch(new URL('api/build', baseUrl), { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

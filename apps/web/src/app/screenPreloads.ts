// The files of the screen the address names, fetched beside the routed console at start-up (issue 21: the
// device list's chunks waited for the console to load and evaluate first). The build lists each screen's
// files in index.html (vite-screen-preloads.ts); `modulepreload` has the browser fetch and compile them off
// the main thread, and evaluate them only when the screen imports them.

/** The id of the build's data block (vite-screen-preloads.ts PRELOADS_ID). */
const PRELOADS_ID = 'st-screen-preloads';

/** The files the page's list (its JSON text) names for `screen`: none without a list (a dev server) or a broken one. */
export function screenPreloadFiles(text: string | null | undefined, screen: string): string[] {
  if (!text) return [];
  try {
    const files: unknown = (JSON.parse(text) as Record<string, unknown>)[screen];
    return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds a preload link for each of the screen's files (relative to the page's <base>). */
export function preloadScreenFiles(doc: Document, screen: string): void {
  for (const file of screenPreloadFiles(doc.getElementById(PRELOADS_ID)?.textContent, screen)) {
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    // The same request mode as the build's own links and its stylesheet loader (`crossorigin`): a preload
    // whose mode differs is not used, and the browser downloads the file a second time (it did for every
    // CSS file of a deep-linked screen, with a console warning each).
    link.crossOrigin = '';
    link.href = `./${file}`;
    doc.head.append(link);
  }
}

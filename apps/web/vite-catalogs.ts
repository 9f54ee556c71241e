// Build step (issue 21): each feature's messages.ts exports its English and its Russian texts, and both
// catalogs (src/i18n/en.ts, ru.ts, and their start-up parts src/i18n/start/en.ts, ru.ts) import it. Bundled
// as one module, it would become a chunk shared by both catalogs: every page load would download both
// languages (9.4 KiB gzip on every first screen). Here each catalog imports its own copy of the module (same
// file, id suffixed with the catalog's language), so the bundler keeps only the half that catalog uses.
// Nothing else imports the messages modules.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const CATALOG = /\/src\/i18n\/(?:start\/)?(en|ru)\.ts$/;
const COPY = /\?st-catalog=(en|ru)$/;

export function catalogCopies(): Plugin {
  return {
    name: 'st-catalog-copies',
    enforce: 'pre',
    async resolveId(source, importer) {
      const lang = importer === undefined ? null : CATALOG.exec(importer)?.[1];
      if (!lang || !source.endsWith('/messages')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?st-catalog=${lang}` : null;
    },
    load(id) {
      return COPY.test(id) ? readFileSync(id.replace(COPY, ''), 'utf8') : null;
    },
  };
}

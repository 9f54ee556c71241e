// Build step (issue 21): each feature's messages.ts exports its English and its Russian texts, and the
// parts of both catalogs (src/i18n/{start,first,cloud,rest}/{en,ru}.ts: start-up, the console's first
// screens, cloud mode's own first screens, the rest) import it. Bundled as one module, it would become a chunk shared by all of them: every page load
// would download both languages (9.4 KiB gzip on every first screen), and the first part the rest's texts.
// Here each part imports its own copy of the module (same file, id suffixed with the part and its language),
// so the bundler keeps only what that part uses. Nothing else imports the messages modules.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const CATALOG = /\/src\/i18n\/(start|first|cloud|rest)\/(en|ru)\.ts$/;
const COPY = /\?st-catalog=(start|first|cloud|rest)-(en|ru)$/;

export function catalogCopies(): Plugin {
  return {
    name: 'st-catalog-copies',
    enforce: 'pre',
    async resolveId(source, importer) {
      const catalog = importer === undefined ? null : CATALOG.exec(importer);
      if (!catalog || !source.endsWith('/messages')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?st-catalog=${catalog[1]}-${catalog[2]}` : null;
    },
    load(id) {
      return COPY.test(id) ? readFileSync(id.replace(COPY, ''), 'utf8') : null;
    },
  };
}

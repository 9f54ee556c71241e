// Where the e2e specs put their pictures. The docs' screenshots are refreshed by their own command
// (`npm run screenshots`, which sets ST_DOCS_SCREENSHOTS=1); an ordinary test run takes the same pictures
// (so the same steps run) into test-results/, and changes no tracked file.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function screenshotDir(): string {
  const where =
    process.env.ST_DOCS_SCREENSHOTS === '1' ? '../../docs/screenshots/' : '../../test-results/screenshots/';
  const dir = fileURLToPath(new URL(where, import.meta.url));
  mkdirSync(dir, { recursive: true });
  return dir;
}

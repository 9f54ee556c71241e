import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface TwoBuilds {
  /** the folder a server serves: B's files with A's hashed assets beside them */
  web: string;
  /** each build's page; write one as `web/index.html` before a navigation to serve that build */
  pages: { A: string; B: string };
}

/**
 * Two console builds in one folder, so one server serves either: the hashed assets of both side by side,
 * and each build's index.html kept aside (the precompressed copies of the page removed, so the server reads
 * the page file that is there now).
 */
export function twoBuilds(a: string, b: string, dir: string): TwoBuilds {
  const web = join(dir, 'web');
  cpSync(b, web, { recursive: true });
  cpSync(join(a, 'assets'), join(web, 'assets'), { recursive: true });
  for (const ext of ['.br', '.gz']) rmSync(join(web, `index.html${ext}`), { force: true });
  return {
    web,
    pages: { A: readFileSync(join(a, 'index.html'), 'utf8'), B: readFileSync(join(b, 'index.html'), 'utf8') },
  };
}

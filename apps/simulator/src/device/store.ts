import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where one device keeps its flash: the settings dump and the firmware version ('' = none) after an OTA. */
export interface FlashStore {
  load(): { dump?: string; version?: string };
  save(data: { dump: string; version: string }): void;
}

/** Keeps nothing: settings live as long as the process. */
export class MemoryFlash implements FlashStore {
  private data: { dump?: string; version?: string } = {};
  load() {
    return { ...this.data };
  }
  save(data: { dump: string; version: string }) {
    this.data = { ...data };
  }
}

/** One folder per device under the data directory: `settings.dump` (exact dump text) and `version`. */
export class FileFlash implements FlashStore {
  private readonly dir: string;

  constructor(dataDir: string, deviceKey: string) {
    this.dir = join(dataDir, deviceKey.replace(/[^0-9A-Za-z.-]/g, '_'));
  }

  load(): { dump?: string; version?: string } {
    const read = (f: string) => {
      try {
        return readFileSync(join(this.dir, f), 'utf8');
      } catch {
        return undefined;
      }
    };
    const dump = read('settings.dump');
    const version = read('version')?.trim();
    return { ...(dump === undefined ? {} : { dump }), ...(version === undefined ? {} : { version }) };
  }

  save(data: { dump: string; version: string }): void {
    mkdirSync(this.dir, { recursive: true });
    for (const [file, text] of [
      ['settings.dump', data.dump],
      ['version', data.version],
    ] as const) {
      const tmp = join(this.dir, `${file}.tmp`);
      writeFileSync(tmp, text);
      renameSync(tmp, join(this.dir, file));
    }
  }
}

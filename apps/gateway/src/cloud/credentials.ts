import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CloudIdentity } from '@st/protocol';
import { z } from 'zod';

/** What the gateway keeps about its cloud: where, the token (secret), who it is, and whether to connect. */
export const CloudCredentials = z.object({
  cloudUrl: z.string().url(),
  token: z.string().min(1),
  identity: CloudIdentity,
  /** the user asked to be connected (survives restarts; cleared by disconnect and logout) */
  connect: z.boolean(),
});
export type CloudCredentials = z.infer<typeof CloudCredentials>;

/** The credentials file (`cloud.json` in the data dir, mode 0600, written atomically). */
export class CredentialsFile {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'cloud.json');
  }

  /** The saved credentials; undefined when none or the file is unreadable (the reason goes to `onBad`). */
  load(onBad: (reason: string) => void): CloudCredentials | undefined {
    if (!existsSync(this.file)) return undefined;
    try {
      const parsed = CloudCredentials.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      if (parsed.success) return parsed.data;
      onBad(parsed.error.message);
    } catch (e) {
      onBad(e instanceof Error ? e.message : String(e));
    }
    return undefined;
  }

  save(credentials: CloudCredentials): void {
    mkdirSync(join(this.file, '..'), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(credentials), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}

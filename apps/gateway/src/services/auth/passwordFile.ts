import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

// The gateway password (issue 14, item 9): an scrypt hash and the key that signs session cookies, in
// `gateway-auth.json` in the data dir (mode 0600, written atomically). ST_GATEWAY_PASSWORD wins over the
// file and is never written to it; its signing key is still kept in the file so sessions survive restarts.

const Stored = z.object({
  /** absent while the password comes from ST_GATEWAY_PASSWORD or is not set */
  hash: z.object({ salt: z.string(), key: z.string() }).optional(),
  sessionKey: z.string().min(32),
});
type Stored = z.infer<typeof Stored>;

const KEY_LENGTH = 32;

function hashOf(password: string, salt: Buffer): Buffer {
  return scryptSync(password, salt, KEY_LENGTH, { N: 16384, r: 8, p: 1 });
}

export class GatewayPassword {
  private readonly file: string;
  private stored: Stored;
  private readonly envHash: { salt: Buffer; key: Buffer } | undefined;

  constructor(dataDir: string, envPassword: string | undefined) {
    this.file = join(dataDir, 'gateway-auth.json');
    this.stored = this.load();
    if (envPassword !== undefined && envPassword !== '') {
      const salt = randomBytes(16);
      this.envHash = { salt, key: hashOf(envPassword, salt) };
    }
  }

  /** A password protects the gateway (from the environment or set from the console). */
  get enabled(): boolean {
    return this.envHash !== undefined || this.stored.hash !== undefined;
  }

  /** The console may set the first password: none is set and none comes from the environment. */
  get canSet(): boolean {
    return !this.enabled;
  }

  /** The key that signs session cookies. */
  get sessionKey(): Buffer {
    return Buffer.from(this.stored.sessionKey, 'base64');
  }

  verify(password: string): boolean {
    const h = this.envHash ?? this.storedHash();
    if (!h) return false;
    return timingSafeEqual(hashOf(password, h.salt), h.key);
  }

  /** Sets the first password; false when one is already set. */
  setFirst(password: string): boolean {
    if (!this.canSet) return false;
    const salt = randomBytes(16);
    this.stored = {
      hash: { salt: salt.toString('base64'), key: hashOf(password, salt).toString('base64') },
      // a new password also ends every earlier session
      sessionKey: randomBytes(32).toString('base64'),
    };
    this.save();
    return true;
  }

  private storedHash(): { salt: Buffer; key: Buffer } | undefined {
    const h = this.stored.hash;
    return h ? { salt: Buffer.from(h.salt, 'base64'), key: Buffer.from(h.key, 'base64') } : undefined;
  }

  private load(): Stored {
    if (existsSync(this.file)) {
      const parsed = Stored.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      if (parsed.success) return parsed.data;
      throw new Error(`${this.file} is not a valid gateway password file; remove it to reset the password`);
    }
    const fresh = { sessionKey: randomBytes(32).toString('base64') };
    this.stored = fresh;
    this.save();
    return fresh;
  }

  private save(): void {
    mkdirSync(join(this.file, '..'), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.stored), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }
}

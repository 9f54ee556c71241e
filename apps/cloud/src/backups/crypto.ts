import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'smartthing backups v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealed {
  iv: string;
  data: string;
}

/**
 * Backup encryption at rest: AES-256-GCM under a key derived with HKDF-SHA256 from the cloud's secret,
 * one key per gateway (the gateway id is the salt). The row's identity is bound as additional data, so a
 * ciphertext moved to another row or gateway does not open.
 */
export class BackupCipher {
  private readonly keys = new Map<string, Buffer>();

  constructor(private readonly secret: Buffer) {}

  seal(gatewayId: string, rowId: string, plain: string): Sealed {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key(gatewayId), iv);
    cipher.setAAD(Buffer.from(`${gatewayId}/${rowId}`));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { iv: iv.toString('base64'), data: data.toString('base64') };
  }

  /** Throws when the data was changed or belongs to another gateway or row. */
  open(gatewayId: string, rowId: string, sealed: Sealed): string {
    const data = Buffer.from(sealed.data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key(gatewayId), Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(`${gatewayId}/${rowId}`));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  private key(gatewayId: string): Buffer {
    let key = this.keys.get(gatewayId);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.secret, Buffer.from(gatewayId), INFO, 32));
      this.keys.set(gatewayId, key);
    }
    return key;
  }
}

import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software WebAuthn authenticator (ES256, attestation "none") built from the WebAuthn spec, for tests. A real
// passkey lives in a platform or a security key and is reached through a browser; neither exists here, so this
// is the edge the tests fake: it builds the exact bytes an authenticator and a browser send (authenticator data,
// CBOR attestation object, clientDataJSON, DER ECDSA signature). The server verifies them with the same library
// code path it uses for real authenticators.

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

/** The CBOR subset attestation objects and COSE keys use: ints, byte and text strings, maps. */
function cbor(v: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const t = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, t.length), t]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  const entries = v instanceof Map ? [...v.entries()] : Object.entries(v as Record<string, unknown>);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

export interface CeremonyOptions {
  origin: string;
  /** leave out the user-verified flag (a key without PIN or biometrics) */
  noUserVerification?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  private counter = 0;
  /** the user handle the relying party gave at registration (base64url) */
  userHandle: string | undefined;

  constructor(
    readonly rpId: string,
    /** a synced passkey (backup eligible and backed up) counts 0 forever, as platform passkeys do */
    private readonly synced = false,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cosePublicKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(flags: number, attested: boolean): Buffer {
    if (!this.synced) this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const backup = this.synced ? FLAGS.be | FLAGS.bs : 0;
    const parts: Uint8Array[] = [sha256(this.rpId), Buffer.from([flags | backup]), count];
    if (attested) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), len, this.credentialId, this.cosePublicKey);
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create() for these creation options, as @simplewebauthn/browser returns it. */
  register(options: { challenge: string; user: { id: string } }, o: CeremonyOptions) {
    this.userHandle = options.user.id;
    const flags = FLAGS.up | FLAGS.at | (o.noUserVerification ? 0 : FLAGS.uv);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: this.authData(flags, true) });
    return {
      id: this.id,
      rawId: this.id,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, o.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      type: 'public-key',
    };
  }

  /** navigator.credentials.get() for these request options: an assertion signed with this credential's key. */
  assert(options: { challenge: string }, o: CeremonyOptions) {
    const authData = this.authData(FLAGS.up | (o.noUserVerification ? 0 : FLAGS.uv), false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      type: 'public-key',
    };
  }
}

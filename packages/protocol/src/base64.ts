// Base64 of UTF-8 text without Buffer, so the browser can use it too (btoa alone throws beyond Latin-1).

export function utf8ToBase64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

/** Node's Buffer where there is one (servers): native base64, far faster on large bodies. */
interface BufferLike {
  from(bytes: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64'): string };
  from(text: string, encoding: 'base64'): Uint8Array;
}
const NodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;

/** Characters per String.fromCharCode call (below engines' argument limits). */
const SLICE = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  // A 16 MiB firmware took 5 s one character at a time, blocking the relay (issue 21): native or in slices.
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += SLICE)
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, i + SLICE) as unknown as number[]));
  return btoa(parts.join(''));
}

/** Bytes of a base64 string, or undefined when it is not base64. Surrounding whitespace is ignored. */
export function base64ToBytes(base64: string): Uint8Array | undefined {
  const compact = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return undefined;
  if (NodeBuffer) {
    const b = NodeBuffer.from(compact, 'base64');
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  let binary: string;
  try {
    binary = atob(compact);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Text of a base64 string: UTF-8 when the bytes are valid UTF-8, else Latin-1 (what plain btoa produced in
 * the original console). Undefined when it is not base64.
 */
export function base64ToText(base64: string): string | undefined {
  const bytes = base64ToBytes(base64);
  if (bytes === undefined) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    let latin1 = '';
    for (const byte of bytes) latin1 += String.fromCharCode(byte);
    return latin1;
  }
}

// Base64 of UTF-8 text without Buffer, so the browser can use it too (btoa alone throws beyond Latin-1).

export function utf8ToBase64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Bytes of a base64 string, or undefined when it is not base64. Surrounding whitespace is ignored. */
export function base64ToBytes(base64: string): Uint8Array | undefined {
  const compact = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return undefined;
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

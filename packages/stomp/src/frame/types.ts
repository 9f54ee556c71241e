/** One header line, in wire order. STOMP allows repeated names; the first occurrence wins. */
export type StompHeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** A decoded STOMP frame. Header names and values are already unescaped. */
export interface StompFrame {
  readonly command: string;
  readonly headers: StompHeaderList;
  readonly body: Uint8Array;
}

/** The first value of header `name`, as STOMP 1.2 says repeated headers resolve. */
export function headerValue(headers: StompHeaderList, name: string): string | undefined {
  for (const [key, value] of headers) {
    if (key === name) return value;
  }
  return undefined;
}

/** Headers as a plain record, first occurrence winning (safe for `__proto__` and friends). */
export function headerRecord(headers: StompHeaderList): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of headers) {
    if (!Object.hasOwn(out, key)) out[key] = value;
  }
  return out;
}

/** CONNECT and CONNECTED frames carry raw header values (no escaping), for STOMP 1.0 compatibility. */
export function isRawHeaderCommand(command: string): boolean {
  return command === 'CONNECT' || command === 'STOMP' || command === 'CONNECTED';
}

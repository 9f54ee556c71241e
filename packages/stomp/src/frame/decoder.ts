import { parseHead } from './head';
import type { StompFrame, StompHeaderList } from './types';

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const EMPTY = Buffer.alloc(0);

/** Where decoded frames, heart-beats and the first (fatal) error go. */
export interface FrameSink {
  frame(frame: StompFrame): void;
  heartbeat(): void;
  error(reason: string): void;
}

export interface DecoderLimits {
  /** Largest frame accepted, from the command to the closing NUL. */
  readonly maxFrameBytes: number;
  /** Most header lines accepted in one frame. */
  readonly maxHeaders: number;
}

interface Head {
  readonly command: string;
  readonly headers: StompHeaderList;
  /** Offset of the body from the start of the frame. */
  readonly bodyStart: number;
  /** -1 when the frame has no content-length and ends at the first NUL. */
  readonly contentLength: number;
}

/**
 * Incremental STOMP 1.2 decoder: accepts bytes in any chunking (a frame split over several websocket
 * messages, several frames in one), reports EOL heart-beats, and stops at the first protocol error.
 * `push` takes ownership of the chunk (bodies may be views into it).
 */
export class FrameDecoder {
  private pending: Buffer = EMPTY;
  private pendingLength = 0;
  private head: Head | undefined;
  /** Offset from the start of the current frame where the next search resumes. */
  private scanFrom = 0;
  private failed = false;

  constructor(
    private readonly sink: FrameSink,
    private readonly limits: DecoderLimits,
  ) {}

  push(chunk: Uint8Array): void {
    if (this.failed || chunk.length === 0) return;
    const fresh = this.pendingLength === 0;
    const data = fresh ? asBuffer(chunk) : this.append(chunk);
    const consumed = this.parse(data, !fresh);
    const rest = data.length - consumed;
    if (this.failed || rest === 0) {
      this.pendingLength = 0;
      if (this.pending.length > 65_536) this.pending = EMPTY;
    } else if (fresh) {
      this.pending = Buffer.allocUnsafe(Math.max(rest, 1024));
      data.copy(this.pending, 0, consumed);
      this.pendingLength = rest;
    } else {
      this.pending.copyWithin(0, consumed, consumed + rest);
      this.pendingLength = rest;
    }
  }

  private append(chunk: Uint8Array): Buffer {
    const needed = this.pendingLength + chunk.length;
    if (needed > this.pending.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.pending.length * 2));
      this.pending.copy(grown, 0, 0, this.pendingLength);
      this.pending = grown;
    }
    this.pending.set(chunk, this.pendingLength);
    this.pendingLength = needed;
    return this.pending.subarray(0, needed);
  }

  /** Parses whole frames from `data`; returns how many bytes were used. */
  private parse(data: Buffer, copyBodies: boolean): number {
    let pos = 0;
    while (pos < data.length && !this.failed) {
      if (this.head === undefined) {
        const first = data[pos];
        if (first === LF) {
          this.sink.heartbeat();
          pos++;
          continue;
        }
        if (first === CR) {
          if (pos + 1 >= data.length) return pos;
          if (data[pos + 1] !== LF) return this.fail('Bare CR outside a frame');
          this.sink.heartbeat();
          pos += 2;
          continue;
        }
        if (!this.readHead(data, pos)) return this.failed ? data.length : pos;
      }
      const end = this.findEnd(data, pos);
      if (end < 0) return this.failed ? data.length : pos;
      const head = this.head;
      if (head === undefined) return pos;
      const bodyBytes = data.subarray(pos + head.bodyStart, end);
      const body = copyBodies ? Buffer.from(bodyBytes) : bodyBytes;
      this.head = undefined;
      this.scanFrom = 0;
      pos = end + 1;
      this.sink.frame({ command: head.command, headers: head.headers, body });
    }
    return pos;
  }

  /** Reads the command and headers of the frame at `start`; false when more bytes are needed. */
  private readHead(data: Buffer, start: number): boolean {
    const max = this.limits.maxFrameBytes;
    let i = start + this.scanFrom;
    for (;;) {
      const lf = data.indexOf(LF, i);
      if (lf < 0 || lf + 1 >= data.length) {
        this.scanFrom = Math.max(0, (lf < 0 ? data.length : lf) - start);
        if (data.length - start > max) this.fail('Frame too large');
        return false;
      }
      let blank = -1;
      if (data[lf + 1] === LF) blank = lf + 2;
      else if (data[lf + 1] === CR) {
        if (lf + 2 >= data.length) {
          this.scanFrom = lf - start;
          return false;
        }
        if (data[lf + 2] === LF) blank = lf + 3;
      }
      if (blank < 0) {
        i = lf + 1;
        continue;
      }
      if (blank - start > max) {
        this.fail('Frame too large');
        return false;
      }
      const parsed = parseHead(data.toString('utf8', start, lf), this.limits.maxHeaders);
      if (typeof parsed === 'string') {
        this.fail(parsed);
        return false;
      }
      if (parsed.contentLength >= 0 && blank - start + parsed.contentLength + 1 > max) {
        this.fail('Frame too large');
        return false;
      }
      this.head = { ...parsed, bodyStart: blank - start };
      this.scanFrom = blank - start;
      return true;
    }
  }

  /** Index of the closing NUL of the current frame, or -1 when more bytes are needed. */
  private findEnd(data: Buffer, start: number): number {
    const head = this.head;
    if (head === undefined) return -1;
    if (head.contentLength >= 0) {
      const end = start + head.bodyStart + head.contentLength;
      if (end >= data.length) return -1;
      if (data[end] !== NUL) {
        this.fail('Frame body longer than its content-length');
        return -1;
      }
      return end;
    }
    const nul = data.indexOf(NUL, start + this.scanFrom);
    const size = (nul < 0 ? data.length : nul + 1) - start;
    if (size > this.limits.maxFrameBytes) {
      this.fail('Frame too large');
      return -1;
    }
    if (nul < 0) this.scanFrom = data.length - start;
    return nul;
  }

  private fail(reason: string): number {
    if (!this.failed) {
      this.failed = true;
      this.head = undefined;
      this.sink.error(reason);
    }
    return 0;
  }
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

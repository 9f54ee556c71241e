import type { WebSocket } from 'ws';

const TEXT = { binary: false } as const;
const BINARY = { binary: true } as const;
/** A batch this large is sent at once rather than waiting for the end of the current tick. */
const FLUSH_AT_BYTES = 256 * 1024;

/**
 * Outgoing frames of one session, coalesced: frames written during the same tick go out as ONE websocket
 * message (STOMP over WebSocket allows several frames per message), which saves a write per frame on the
 * fan-out hot path. Order is kept for every frame, MESSAGE or not. Text unless a frame in the batch has a
 * binary body.
 */
export class Outbox {
  /**
   * The batch: its first frame in a field of its own, the others (several frames in one tick: fan-out) in
   * `more`. A link gets a frame about once a second; an array emptied after each flush would drop its
   * storage and allocate it again on the next frame, storage this long-lived session then holds until that
   * next frame, so a scavenge promotes it: one old-generation object per relayed call.
   */
  private first: Buffer | undefined;
  private readonly more: Buffer[] = [];
  private bytes = 0;
  private binary = false;
  private scheduled = false;
  private readonly flushTask = () => {
    this.scheduled = false;
    this.flush();
  };

  constructor(private readonly ws: WebSocket) {}

  /** Bytes not yet written to the socket (batched here or buffered by `ws`). */
  get pendingBytes(): number {
    return this.bytes + this.ws.bufferedAmount;
  }

  write(frame: Buffer, binary: boolean): void {
    if (this.first === undefined) this.first = frame;
    else this.more.push(frame);
    this.bytes += frame.length;
    if (binary) this.binary = true;
    if (this.bytes >= FLUSH_AT_BYTES) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.flushTask);
    }
  }

  flush(): void {
    const first = this.first;
    if (first === undefined) return;
    const data = this.more.length === 0 ? first : Buffer.concat([first, ...this.more], this.bytes);
    const options = this.binary ? BINARY : TEXT;
    this.first = undefined;
    if (this.more.length > 0) this.more.length = 0;
    this.bytes = 0;
    this.binary = false;
    if (data !== undefined && this.ws.readyState === this.ws.OPEN) this.ws.send(data, options);
  }
}

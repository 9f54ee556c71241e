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
  private readonly chunks: Buffer[] = [];
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
    this.chunks.push(frame);
    this.bytes += frame.length;
    if (binary) this.binary = true;
    if (this.bytes >= FLUSH_AT_BYTES) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.flushTask);
    }
  }

  flush(): void {
    if (this.chunks.length === 0) return;
    const data = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.bytes);
    const options = this.binary ? BINARY : TEXT;
    this.chunks.length = 0;
    this.bytes = 0;
    this.binary = false;
    if (data !== undefined && this.ws.readyState === this.ws.OPEN) this.ws.send(data, options);
  }
}

import type { FrameSink } from '../frame/decoder';
import type { StompFrame } from '../frame/types';

/** What the decoder's sink needs of its session. */
export interface SinkTarget {
  enqueue(frame: StompFrame): void;
  fail(message: string, options: { code: number }): void;
}

/**
 * The decoder's sink for one session: an object with methods rather than three closures per session (each
 * kept as long as the session lives, and marked by every full GC). A frame over the size limit closes the
 * websocket with 1009 (message too big), any other decoding error with 1002 (protocol error).
 */
export class SessionSink implements FrameSink {
  constructor(private readonly session: SinkTarget) {}

  frame(frame: StompFrame): void {
    this.session.enqueue(frame);
  }

  heartbeat(): void {}

  error(reason: string): void {
    this.session.fail(reason, { code: reason === 'Frame too large' ? 1009 : 1002 });
  }
}

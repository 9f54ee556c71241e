import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * The HTTP requests a node is answering (websocket upgrades are not requests), so a stopping node can let them
 * finish. A counter and one `close` listener per response: nothing kept per request.
 */
export class InFlightRequests {
  private count = 0;
  private wake: (() => void) | undefined;

  constructor(server: Server) {
    server.on('request', (_req, res) => {
      this.count += 1;
      res.once('close', () => {
        this.count -= 1;
        if (this.count === 0) this.wake?.();
      });
    });
  }

  get size(): number {
    return this.count;
  }

  /** Resolves with 0 once no request is in flight, or after `timeoutMs` with how many still were. */
  settled(timeoutMs: number): Promise<number> {
    if (this.count === 0) return Promise.resolve(0);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve(this.count);
      };
      const timer = setTimeout(done, timeoutMs);
      this.wake = done;
    });
  }
}

/**
 * Stops accepting connections and leaves the open ones alone: a keep-alive connection then gets its next answer
 * (503 SHUTTING_DOWN with `Connection: close`) instead of being closed under a request the client is sending.
 * (`http.Server.close` would also close every idle connection at once.)
 */
export function stopListening(server: Server): void {
  if (server.listening) NetServer.prototype.close.call(server);
}

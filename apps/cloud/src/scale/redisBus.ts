import type { StompBus, StompBusListener, StompBusMessage } from '@st/stomp';
import { z } from 'zod';
import type { RedisHub } from './hub';

const Wire = z.object({
  body: z.string(),
  binary: z.boolean(),
  headers: z.record(z.string(), z.string()).optional(),
  user: z.string().optional(),
});

const channelOf = (destination: string) => `st:topic:${destination}`;

/**
 * STOMP fan-out between cloud nodes through Redis pub/sub: every node subscribes to a destination's channel
 * while it has local subscribers, and every publish goes through Redis (also back to the publishing node,
 * which keeps one order for everyone).
 */
export class RedisStompBus implements StompBus {
  constructor(
    private readonly hub: RedisHub,
    private readonly onError: (err: unknown) => void,
    /** destinations under these prefixes stay on this node (gateway link traffic) */
    private readonly local: StompBus,
    private readonly localPrefixes: readonly string[],
  ) {}

  private isLocal(destination: string): boolean {
    return this.localPrefixes.some((p) => destination.startsWith(p));
  }

  async publish(destination: string, message: StompBusMessage): Promise<void> {
    if (this.isLocal(destination)) return this.local.publish(destination, message);
    const binary = typeof message.body !== 'string';
    const wire: z.input<typeof Wire> = {
      body: typeof message.body === 'string' ? message.body : Buffer.from(message.body).toString('base64'),
      binary,
      ...(message.headers ? { headers: { ...message.headers } } : {}),
      ...(message.user !== undefined ? { user: message.user } : {}),
    };
    await this.hub.publish(channelOf(destination), JSON.stringify(wire));
  }

  subscribe(destination: string, listener: StompBusListener): () => void {
    if (this.isLocal(destination)) return this.local.subscribe(destination, listener);
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    this.hub
      .subscribe(channelOf(destination), (raw) => {
        const parsed = Wire.safeParse(safeJson(raw));
        if (!parsed.success) return;
        const { body, binary, headers, user } = parsed.data;
        listener({
          body: binary ? new Uint8Array(Buffer.from(body, 'base64')) : body,
          ...(headers ? { headers } : {}),
          ...(user !== undefined ? { user } : {}),
        });
      })
      .then((u) => {
        if (cancelled) u();
        else unsubscribe = u;
      }, this.onError);
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }
}

export function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

import { Redis } from 'ioredis';

type Listener = (message: string) => void;

/**
 * The node's two Redis connections: one for commands and PUBLISH, one in subscriber mode. Channels are
 * subscribed while they have listeners here; messages are dispatched in arrival (= publish) order.
 */
export class RedisHub {
  readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    url: string,
    private readonly onError: (err: Error) => void = () => undefined,
  ) {
    const opts = { lazyConnect: true, maxRetriesPerRequest: 2 };
    this.cmd = new Redis(url, opts);
    this.sub = new Redis(url, opts);
    // ioredis reconnects by itself; without a listener each failed attempt is an "unhandled error event".
    // Readiness reports the outage; the log gets one line per outage, not one per attempt.
    let down = false;
    for (const conn of [this.cmd, this.sub]) {
      conn.on('error', (err: Error) => {
        if (!down) this.onError(err);
        down = true;
      });
      conn.on('ready', () => {
        down = false;
      });
    }
  }

  async start(): Promise<void> {
    await Promise.all([this.cmd.connect(), this.sub.connect()]);
    this.sub.on('message', (channel: string, message: string) => {
      for (const l of this.listeners.get(channel) ?? []) l(message);
    });
  }

  /** Whether the subscriber connection is up (messages published now reach this node). */
  get receiving(): boolean {
    return this.sub.status === 'ready';
  }

  /** Called when the subscriber connection drops or comes back (messages may have been missed in between). */
  onReceivingChange(listener: () => void): void {
    this.sub.on('close', listener);
    this.sub.on('ready', listener);
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.cmd.publish(channel, message);
  }

  /** Resolves once Redis confirmed the subscription (messages published after that are received). */
  async subscribe(channel: string, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.sub.subscribe(channel);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(channel);
      this.sub.unsubscribe(channel).catch(() => undefined);
    };
  }

  async stop(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.sub.quit(), this.cmd.quit()]);
  }
}

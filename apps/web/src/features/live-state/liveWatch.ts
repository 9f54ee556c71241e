/** What the watch needs of the live channel (api/liveChannel.ts). */
export interface LiveConnection {
  readonly connected: boolean;
  onConnectionChange(listener: (connected: boolean) => void): () => void;
}

export interface LiveWatchOptions {
  /** How long a channel that never connected may take before it counts as down (ms). */
  firstConnectMs: number;
  /** Runs when the channel is back after being down: what the page shows is read again. */
  onBack: () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Whether the live channel is down, for the banner and the greyed live state: down at once when a connected
 * channel drops, or when one that never connected has not within `firstConnectMs`; up again when it
 * connects, and then `onBack` runs (events sent while it was down are lost, so screens read their state).
 */
export class LiveWatch {
  readonly #listeners = new Set<() => void>();
  readonly #options: LiveWatchOptions;
  #down = false;
  #timer: unknown;
  #stop: (() => void) | undefined;

  constructor(
    private readonly channel: LiveConnection,
    options: LiveWatchOptions,
  ) {
    this.#options = options;
  }

  get down(): boolean {
    return this.#down;
  }

  /** Starts watching; returns the stop. */
  start(): () => void {
    const setTimer = this.#options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    const clearTimer =
      this.#options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
    if (!this.channel.connected) this.#timer = setTimer(() => this.#set(true), this.#options.firstConnectMs);
    const off = this.channel.onConnectionChange((connected) => {
      if (this.#timer !== undefined) clearTimer(this.#timer);
      this.#timer = undefined;
      if (connected) {
        const wasDown = this.#down;
        this.#set(false);
        if (wasDown) this.#options.onBack();
      } else this.#set(true);
    });
    this.#stop = () => {
      off();
      if (this.#timer !== undefined) clearTimer(this.#timer);
      this.#timer = undefined;
    };
    return this.#stop;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(down: boolean): void {
    if (this.#down === down) return;
    this.#down = down;
    for (const listener of this.#listeners) listener();
  }
}

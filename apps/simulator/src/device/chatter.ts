import type { DeviceLogLevel } from '@st/protocol';
import type { NetworkLogger } from '../net/log-client';

/** Writes `rate` log lines per second while the logger is connected, pausing when the socket is full. */
export class Chatter {
  private timer: NodeJS.Timeout | undefined;
  private due = 0;
  private waiting = false;
  private last = 0;

  constructor(
    private readonly logger: NetworkLogger,
    private readonly rate: number,
    private readonly line: () => readonly [DeviceLogLevel, string, string],
  ) {}

  start(): void {
    if (this.rate <= 0 || this.timer) return;
    const every = Math.min(1000, Math.max(20, 1000 / this.rate));
    this.last = Date.now();
    this.due = 0;
    this.timer = setInterval(() => this.tick(), every);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const now = Date.now();
    this.due += (this.rate * (now - this.last)) / 1000;
    this.last = now;
    if (this.waiting || this.logger.state !== 'connected') {
      this.due = Math.min(this.due, this.rate);
      return;
    }
    while (this.due >= 1) {
      this.due--;
      const [level, tag, message] = this.line();
      if (!this.logger.write(level, tag, message)) {
        this.waiting = true;
        void this.logger.drained().then(() => {
          this.waiting = false;
        });
        return;
      }
    }
  }
}

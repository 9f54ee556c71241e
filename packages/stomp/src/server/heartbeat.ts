/**
 * Heart-beating of one session after CONNECT negotiation (STOMP 1.2 section "Heart-beating").
 * Outgoing: an EOL whenever nothing was sent for about `sendEvery` ms. Incoming: the client is dropped
 * after two to three silent check periods (`expectEvery` ms each), i.e. a bit more than twice what it promised.
 */
export class Heartbeat {
  private sentSinceTick = false;
  private receivedSinceCheck = false;
  private missedChecks = 0;
  private sendTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sendEvery: number,
    private readonly expectEvery: number,
    private readonly beat: () => void,
    private readonly timedOut: () => void,
  ) {}

  /** Client says cx,cy; server offers sx (outgoing), sy (incoming). 0 means off. */
  static negotiate(
    cx: number,
    cy: number,
    sx: number,
    sy: number,
  ): { sendEvery: number; expectEvery: number } {
    return {
      sendEvery: sx > 0 && cy > 0 ? Math.max(sx, cy) : 0,
      expectEvery: cx > 0 && sy > 0 ? Math.max(cx, sy) : 0,
    };
  }

  start(): void {
    if (this.sendEvery > 0) {
      // Ticking at half the period keeps the longest silence at about one period.
      this.sendTimer = setInterval(() => this.tick(), Math.max(1, Math.floor(this.sendEvery / 2)));
      this.sendTimer.unref();
    }
    if (this.expectEvery > 0) {
      this.checkTimer = setInterval(() => this.check(), this.expectEvery);
      this.checkTimer.unref();
    }
  }

  stop(): void {
    clearInterval(this.sendTimer);
    clearInterval(this.checkTimer);
  }

  markSent(): void {
    this.sentSinceTick = true;
  }

  markReceived(): void {
    this.receivedSinceCheck = true;
  }

  private tick(): void {
    if (this.sentSinceTick) {
      this.sentSinceTick = false;
      return;
    }
    this.beat();
    this.sentSinceTick = true;
  }

  private check(): void {
    if (this.receivedSinceCheck) {
      this.receivedSinceCheck = false;
      this.missedChecks = 0;
      return;
    }
    this.missedChecks++;
    if (this.missedChecks >= 2) this.timedOut();
  }
}

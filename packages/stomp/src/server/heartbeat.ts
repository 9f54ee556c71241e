/**
 * Heart-beating of one session after CONNECT negotiation (STOMP 1.2 section "Heart-beating").
 * Outgoing: an EOL whenever nothing was sent for about `sendEvery` ms. Incoming: the client is dropped
 * after two to three silent check periods (`expectEvery` ms each), i.e. a bit more than twice what it promised.
 */
/** What a heart-beat calls back: the session itself (no closures of its own per session). */
export interface HeartbeatOwner {
  /** Nothing was sent for about `sendEvery` ms: send an EOL. */
  heartbeatDue(): void;
  /** Nothing was received for two to three `expectEvery` periods. */
  heartbeatLost(): void;
}

export class Heartbeat {
  private sentSinceTick = false;
  private receivedSinceCheck = false;
  private missedChecks = 0;
  /** ms since the last incoming check, counted in ticks */
  private sinceCheck = 0;
  /**
   * One timer for both directions (a session used to hold two): ticks at half the outgoing period (so the
   * longest silence is about one period) or at the incoming period if that is shorter or the only one; the
   * incoming check runs on the first tick at or after each `expectEvery` ms.
   */
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sendEvery: number,
    private readonly expectEvery: number,
    private readonly owner: HeartbeatOwner,
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

  /** The tick period for these settings, 0 when heart-beating is off both ways. */
  static period(sendEvery: number, expectEvery: number): number {
    const send = sendEvery > 0 ? Math.max(1, Math.floor(sendEvery / 2)) : 0;
    if (send === 0) return expectEvery;
    return expectEvery > 0 ? Math.min(send, expectEvery) : send;
  }

  start(): void {
    const period = Heartbeat.period(this.sendEvery, this.expectEvery);
    if (period === 0) return;
    this.timer = setInterval(() => this.tick(period), period);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  markSent(): void {
    this.sentSinceTick = true;
  }

  markReceived(): void {
    this.receivedSinceCheck = true;
  }

  private tick(period: number): void {
    if (this.sendEvery > 0) this.send();
    if (this.expectEvery > 0) {
      this.sinceCheck += period;
      if (this.sinceCheck >= this.expectEvery) {
        this.sinceCheck = 0;
        this.check();
      }
    }
  }

  private send(): void {
    if (this.sentSinceTick) {
      this.sentSinceTick = false;
      return;
    }
    this.owner.heartbeatDue();
    this.sentSinceTick = true;
  }

  private check(): void {
    if (this.receivedSinceCheck) {
      this.receivedSinceCheck = false;
      this.missedChecks = 0;
      return;
    }
    this.missedChecks++;
    if (this.missedChecks >= 2) this.owner.heartbeatLost();
  }
}

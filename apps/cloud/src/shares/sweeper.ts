import type { Logger } from '@st/server-kit';
import type { AuditLog } from '../audit/log';
import type { ShareStore } from './store';

/**
 * Ends expired shares: access checks already ignore an expired row, this deletes it, audits `share.expired`
 * once (whichever node deletes the row) and ends the user's live channels of the gateway on every node.
 */
export class ShareSweeper {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly shares: ShareStore,
    private readonly audit: AuditLog,
    private readonly onShareEnded: (gatewayId: string, userId: string) => void,
    private readonly logger: Logger,
    private readonly everyMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(
      () => void this.sweep().catch((err) => this.logger.error({ err }, 'share sweep failed')),
      this.everyMs,
    );
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<number> {
    const gone = await this.shares.sweepExpired();
    for (const s of gone) {
      await this.audit.record({
        action: 'share.expired',
        gatewayId: s.gatewayId,
        detail: s.login,
        outcome: 'expired',
      });
      this.onShareEnded(s.gatewayId, s.userId);
    }
    return gone.length;
  }
}

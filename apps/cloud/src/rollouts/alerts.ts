import type { AlertChannel, AlertPayload, CloudAlertSettings } from '@st/protocol';
import type { Logger } from '@st/server-kit';
import type { RolloutRow } from './store';

/** Where a rollout's alert goes: the cloud alert settings of its creator, and the watch's sender (retries). */
export interface RolloutAlertDeps {
  settings(userId: string): Promise<CloudAlertSettings>;
  send(channels: readonly AlertChannel[], payload: AlertPayload): void;
  gatewayName(id: string): Promise<string | undefined>;
  logger: Logger;
}

/**
 * One alert per pause or end of a rollout across gateways, on the channels of the user who started it (their
 * cloud alert settings, as for a gateway gone offline). Sent by whoever changed the state: the driver (failure
 * limit, finished) or the user's action (pause, cancel), after a conditional update only one node wins; the
 * gateways' own parts are quiet. The payload names the source gateway (the alert body needs one).
 */
export class RolloutAlerts {
  constructor(private readonly deps: RolloutAlertDeps | undefined) {}

  paused(row: RolloutRow, reason: string): void {
    this.raise(row, 'rollout-paused', `paused: ${reason}`);
  }

  ended(row: RolloutRow, state: 'FINISHED' | 'CANCELLED', reason: string): void {
    this.raise(row, 'rollout-finished', `${state === 'FINISHED' ? 'finished' : 'cancelled'}: ${reason}`);
  }

  private raise(row: RolloutRow, kind: 'rollout-paused' | 'rollout-finished', what: string): void {
    const deps = this.deps;
    if (!deps) return;
    const run = async () => {
      const { channels } = await deps.settings(row.createdBy);
      if (channels.length === 0) return;
      const source = row.spec.firmware.sourceGatewayId;
      const n = row.spec.gatewayIds.length;
      const at = Date.now();
      deps.send(channels, {
        id: `cloud-rollout/${row.id}/${kind}/${at}`,
        kind,
        gateway: { id: source, name: (await deps.gatewayName(source)) ?? source },
        at,
        text: `Rollout "${row.name}" across ${n} gateway${n === 1 ? '' : 's'} ${what}`,
      });
    };
    run().catch((err: unknown) => deps.logger.warn({ err, rollout: row.id }, 'rollout alert not sent'));
  }
}

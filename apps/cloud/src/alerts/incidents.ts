import type { CloudDb } from '../db/connect';

export type AlertStep = 'open' | 'close';

/** An incident's alert that has not gone out yet (its node may be sending it, or may have died). */
export interface UnsentAlert {
  id: string;
  gatewayId: string;
  step: AlertStep;
  /** the node sending it */
  sender: string;
  openedAt: string;
  closedAt: string | null;
  lastOnline: string;
}

/**
 * Gateway-offline incidents shared by every cloud node through the database: when a gateway was last seen
 * online, and the incident rows. Opening inserts a row whose id is unique per outage, so of several nodes
 * exactly one succeeds; closing is an UPDATE of the open row, which exactly one node gets to change.
 */
export class GatewayIncidents {
  constructor(
    private readonly db: CloudDb,
    private readonly nodeId: string,
  ) {}

  /** Records that the gateways are online now (only ever moves forward). */
  async seen(gatewayIds: readonly string[], at: Date): Promise<void> {
    const iso = at.toISOString();
    // One statement per 500 gateways (was one per gateway: every node, every round, for every watched one).
    for (let i = 0; i < gatewayIds.length; i += 500) {
      await this.db
        .insertInto('gateway_seen')
        .values(
          gatewayIds
            .slice(i, i + 500)
            .map((id) => ({ gateway_id: id, last_online_at: iso, offline_since: null })),
        )
        .onConflict((oc) =>
          oc
            .column('gateway_id')
            .doUpdateSet({ last_online_at: iso, offline_since: null })
            .where('gateway_seen.last_online_at', '<', iso),
        )
        .execute();
    }
  }

  /**
   * Marks the gateways seen offline now (the first node to see it sets `offline_since`), and answers, for
   * those ever seen online, since when they are offline and when they were last online.
   */
  async offline(
    gatewayIds: readonly string[],
    at: Date,
  ): Promise<Map<string, { since: string; lastOnline: string }>> {
    if (gatewayIds.length === 0) return new Map();
    await this.db
      .updateTable('gateway_seen')
      .set({ offline_since: at.toISOString() })
      .where('gateway_id', 'in', gatewayIds)
      .where('offline_since', 'is', null)
      .where('last_online_at', '<', at.toISOString())
      .execute();
    const rows = await this.db
      .selectFrom('gateway_seen')
      .select(['gateway_id', 'last_online_at', 'offline_since'])
      .where('gateway_id', 'in', gatewayIds)
      .execute();
    return new Map(
      rows.flatMap((r) =>
        r.offline_since === null
          ? []
          : [[r.gateway_id, { since: r.offline_since, lastOnline: r.last_online_at }]],
      ),
    );
  }

  /** Opens the outage that began after `lastOnline`; its id only for the one node that opened it. */
  async open(gatewayId: string, lastOnline: string, at: Date): Promise<string | undefined> {
    const id = `${gatewayId}@${lastOnline}`;
    const result = await this.db
      .insertInto('gateway_incidents')
      .values({
        id,
        gateway_id: gatewayId,
        opened_at: at.toISOString(),
        opened_by: this.nodeId,
        closed_at: null,
        closed_by: null,
        open_sent_at: null,
        close_sent_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? id : undefined;
  }

  /** Closes the gateway's open outage; answers which and when it was opened, only to the node that closed it. */
  async close(gatewayId: string, at: Date): Promise<{ id: string; openedAt: string } | undefined> {
    const open = await this.db
      .selectFrom('gateway_incidents')
      .select(['id', 'opened_at'])
      .where('gateway_id', '=', gatewayId)
      .where('closed_at', 'is', null)
      .execute();
    let closedOne: { id: string; openedAt: string } | undefined;
    for (const row of open) {
      const result = await this.db
        .updateTable('gateway_incidents')
        .set({ closed_at: at.toISOString(), closed_by: this.nodeId })
        .where('id', '=', row.id)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) closedOne = { id: row.id, openedAt: row.opened_at };
    }
    return closedOne;
  }

  /** The incident's offline (`open`) or back-online (`close`) alert went out, or was given up. */
  async markSent(id: string, which: AlertStep, at: Date): Promise<void> {
    await this.db
      .updateTable('gateway_incidents')
      .set(which === 'open' ? { open_sent_at: at.toISOString() } : { close_sent_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** Incidents of these gateways with an alert not marked sent, and the node that is (or was) sending it. */
  async unsent(gatewayIds: readonly string[]): Promise<UnsentAlert[]> {
    if (gatewayIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('gateway_incidents')
      .selectAll()
      .where('gateway_id', 'in', gatewayIds)
      .where((eb) =>
        eb.or([
          eb('open_sent_at', 'is', null),
          eb.and([eb('closed_at', 'is not', null), eb('close_sent_at', 'is', null)]),
        ]),
      )
      .execute();
    return rows.map((r) => {
      const open = r.open_sent_at === null;
      return {
        id: r.id,
        gatewayId: r.gateway_id,
        step: open ? 'open' : 'close',
        sender: open ? r.opened_by : (r.closed_by ?? ''),
        openedAt: r.opened_at,
        closedAt: r.closed_at,
        lastOnline: r.id.slice(r.gateway_id.length + 1),
      } satisfies UnsentAlert;
    });
  }

  /** Takes over an unsent alert from a dead node; true only for the one node that got it. */
  async takeOver(alert: UnsentAlert): Promise<boolean> {
    const column = alert.step === 'open' ? 'opened_by' : 'closed_by';
    const sent = alert.step === 'open' ? 'open_sent_at' : 'close_sent_at';
    const result = await this.db
      .updateTable('gateway_incidents')
      .set(column === 'opened_by' ? { opened_by: this.nodeId } : { closed_by: this.nodeId })
      .where('id', '=', alert.id)
      .where(column, '=', alert.sender)
      .where(sent, 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gateways with an open outage among these. */
  async openOf(gatewayIds: readonly string[]): Promise<Set<string>> {
    if (gatewayIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('gateway_incidents')
      .select('gateway_id')
      .where('gateway_id', 'in', gatewayIds)
      .where('closed_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.gateway_id));
  }
}

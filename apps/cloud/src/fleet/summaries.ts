import { GatewaySummary } from '@st/protocol';
import type { Kysely } from 'kysely';
import type { CloudDatabase } from '../db/schema';

export interface StoredSummary {
  summary: GatewaySummary;
  reportedAt: string;
}

/** What each linked gateway last reported of its fleet, in the database (every node reads the same). */
export class GatewaySummaries {
  constructor(private readonly db: Kysely<CloudDatabase>) {}

  async put(
    gatewayId: string,
    summary: GatewaySummary,
    reportedAt = new Date().toISOString(),
  ): Promise<void> {
    const row = { gateway_id: gatewayId, summary: JSON.stringify(summary), reported_at: reportedAt };
    await this.db
      .insertInto('gateway_summaries')
      .values(row)
      .onConflict((oc) =>
        oc.column('gateway_id').doUpdateSet({ summary: row.summary, reported_at: row.reported_at }),
      )
      .execute();
  }

  /** The last summaries of these gateways, by id; a gateway that never reported (or sent garbage) is absent. */
  async of(gatewayIds: readonly string[]): Promise<Map<string, StoredSummary>> {
    const out = new Map<string, StoredSummary>();
    if (gatewayIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('gateway_summaries')
      .selectAll()
      .where('gateway_id', 'in', [...gatewayIds])
      .execute();
    for (const row of rows) {
      let json: unknown;
      try {
        json = JSON.parse(row.summary);
      } catch {
        continue;
      }
      const summary = GatewaySummary.safeParse(json);
      if (summary.success) out.set(row.gateway_id, { summary: summary.data, reportedAt: row.reported_at });
    }
    return out;
  }
}

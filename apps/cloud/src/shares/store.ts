import { type GatewayRole, GatewayShare } from '@st/protocol';
import type { AccessChanges } from '../auth/accessCache';
import type { CloudDb } from '../db/connect';

export interface ExpiredShare {
  gatewayId: string;
  userId: string;
  login: string;
}

/** Rows of gateway_members: who a gateway is shared with, their role and optional expiry (epoch ms). */
export class ShareStore {
  constructor(
    private readonly db: CloudDb,
    private readonly now: () => number = Date.now,
    private readonly changes?: AccessChanges,
  ) {}

  /** Grants the share, or changes its role and expiry. */
  async put(
    gatewayId: string,
    userId: string,
    role: GatewayRole,
    expiresAt: number | null,
    grantedBy: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('gateway_members')
        .where('gateway_id', '=', gatewayId)
        .where('user_id', '=', userId)
        .execute();
      await trx
        .insertInto('gateway_members')
        .values({
          gateway_id: gatewayId,
          user_id: userId,
          role,
          expires_at: expiresAt,
          granted_by: grantedBy,
          created_at: new Date(this.now()).toISOString(),
        })
        .execute();
    });
    await this.changes?.memberChanged(gatewayId, userId);
  }

  async remove(gatewayId: string, userId: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('gateway_members')
      .where('gateway_id', '=', gatewayId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await this.changes?.memberChanged(gatewayId, userId);
    return Number(res.numDeletedRows) === 1;
  }

  /** The creator first, then the unexpired shares by login. */
  async list(gatewayId: string): Promise<GatewayShare[]> {
    const creator = await this.db
      .selectFrom('gateways as g')
      .innerJoin('users as u', 'u.id', 'g.owner_id')
      .select('u.login')
      .where('g.id', '=', gatewayId)
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('gateway_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('users as by', 'by.id', 'm.granted_by')
      .select(['u.login', 'm.role', 'm.expires_at', 'by.login as granted_by'])
      .where('m.gateway_id', '=', gatewayId)
      .where((eb) => eb.or([eb('m.expires_at', 'is', null), eb('m.expires_at', '>', this.now())]))
      .orderBy('u.login')
      .execute();
    const shares = rows.map((r) =>
      GatewayShare.parse({
        login: r.login,
        role: r.role,
        expiresAt: r.expires_at === null ? null : Number(r.expires_at),
        creator: false,
        grantedBy: r.granted_by,
      }),
    );
    return creator
      ? [{ login: creator.login, role: 'owner', expiresAt: null, creator: true, grantedBy: null }, ...shares]
      : shares;
  }

  /**
   * Deletes the shares whose expiry passed and returns them. Each row is deleted by exactly one caller, so with
   * several nodes sweeping, each expiry is reported (audited, announced) once.
   */
  async sweepExpired(): Promise<ExpiredShare[]> {
    const due = await this.db
      .selectFrom('gateway_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.gateway_id', 'm.user_id', 'm.expires_at', 'u.login'])
      .where('m.expires_at', 'is not', null)
      .where('m.expires_at', '<=', this.now())
      .execute();
    const gone: ExpiredShare[] = [];
    for (const r of due) {
      if (r.expires_at === null) continue;
      const res = await this.db
        .deleteFrom('gateway_members')
        .where('gateway_id', '=', r.gateway_id)
        .where('user_id', '=', r.user_id)
        .where('expires_at', '=', r.expires_at)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 1) {
        gone.push({ gatewayId: r.gateway_id, userId: r.user_id, login: r.login });
        await this.changes?.memberChanged(r.gateway_id, r.user_id);
      }
    }
    return gone;
  }
}

import type { CloudDb } from '../../db/connect';

/** OpenID Connect identities (issuer + subject, the provider's stable id) linked to users. */
export class SsoLinkStore {
  constructor(private readonly db: CloudDb) {}

  async userOf(issuer: string, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('sso_links')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  async link(issuer: string, subject: string, userId: string, email: string | null): Promise<void> {
    await this.db
      .insertInto('sso_links')
      .values({
        issuer,
        subject,
        user_id: userId,
        email,
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute();
  }

  async touch(issuer: string, subject: string): Promise<void> {
    await this.db
      .updateTable('sso_links')
      .set({ last_used_at: new Date().toISOString() })
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .execute();
  }

  /** A user's links, oldest first. */
  async list(userId: string): Promise<SsoLinkRow[]> {
    const rows = await this.db
      .selectFrom('sso_links')
      .select(['issuer', 'subject', 'email', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => ({
      issuer: r.issuer,
      subject: r.subject,
      email: r.email,
      linkedAt: r.created_at,
      lastUsedAt: r.last_used_at,
    }));
  }

  /** Removes one of this user's links; false when the user has no such link. */
  async unlink(userId: string, issuer: string, subject: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('sso_links')
      .where('user_id', '=', userId)
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}

export interface SsoLinkRow {
  issuer: string;
  subject: string;
  email: string | null;
  linkedAt: string;
  lastUsedAt: string | null;
}

/** The opaque id of a link in the API (issuer and subject, which may hold any character). */
export const linkId = (issuer: string, subject: string) =>
  Buffer.from(JSON.stringify([issuer, subject]), 'utf8').toString('base64url');

/** The issuer and subject of a link id; undefined for anything that is not one. */
export function parseLinkId(id: string): { issuer: string; subject: string } | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(id, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string')
      return { issuer: v[0], subject: v[1] };
  } catch {
    // not a link id
  }
  return undefined;
}

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
}

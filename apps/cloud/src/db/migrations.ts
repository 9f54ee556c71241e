import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { rolloutMigrations } from './migrationsRollouts';

// One set of migrations for SQLite and PostgreSQL: only portable column types (text, integer).
const migrations: Record<string, Migration> = {
  '001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('login', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('gateways')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('gateways_owner_name', ['owner_id', 'name'])
        .execute();
      await db.schema
        .createTable('gateway_tokens')
        .addColumn('gateway_id', 'text', (c) => c.primaryKey().references('gateways.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('session_families')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', (c) =>
          c.notNull().references('session_families.id').onDelete('cascade'),
        )
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['refresh_tokens', 'session_families', 'gateway_tokens', 'gateways', 'users']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  '002_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('invite_hash', 'text').execute();
      // The first user (the bootstrap admin of earlier versions) becomes admin.
      await sql`update users set is_admin = 1 where id = (select id from users order by created_at, id limit 1)`.execute(
        db,
      );
      await db.schema
        .createTable('gateway_members')
        .addColumn('gateway_id', 'text', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .addColumn('granted_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('gateway_members_pk', ['gateway_id', 'user_id'])
        .execute();
      await db.schema.createIndex('gateway_members_user').on('gateway_members').column('user_id').execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor', 'text')
        .addColumn('gateway_id', 'text')
        .addColumn('device', 'text')
        .addColumn('command', 'text')
        .addColumn('detail', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer')
        .addColumn('address', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema
        .createIndex('audit_log_gateway')
        .on('audit_log')
        .columns(['gateway_id', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
      await db.schema.dropTable('gateway_members').execute();
      for (const c of ['invite_hash', 'disabled', 'is_admin']) {
        await db.schema.alterTable('users').dropColumn(c).execute();
      }
    },
  },
  '003_alerts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alert_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('gateway_seen')
        .addColumn('gateway_id', 'text', (c) => c.primaryKey().references('gateways.id').onDelete('cascade'))
        .addColumn('last_online_at', 'text', (c) => c.notNull())
        .addColumn('offline_since', 'text')
        .execute();
      // One row per offline incident; its id (gateway + last seen online) is unique, so exactly one node opens it.
      await db.schema
        .createTable('gateway_incidents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('gateway_id', 'text', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('opened_at', 'text', (c) => c.notNull())
        .addColumn('opened_by', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('closed_by', 'text')
        .execute();
      await db.schema
        .createIndex('gateway_incidents_open')
        .on('gateway_incidents')
        .columns(['gateway_id', 'closed_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['gateway_incidents', 'gateway_seen', 'alert_settings']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  '004_backups': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('backups')
        .addColumn('gateway_id', 'text', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('device_ip', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('iv', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('backups_pk', ['gateway_id', 'id'])
        .execute();
      await db.schema
        .createIndex('backups_gateway_time')
        .on('backups')
        .columns(['gateway_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('backups').execute();
    },
  },
  '005_password_change_invite_expiry': {
    // Issue 20, round 4: a one-time password must be changed at first sign-in; invite links expire.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('invite_expires_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const c of ['invite_expires_at', 'must_change_password']) {
        await db.schema.alterTable('users').dropColumn(c).execute();
      }
    },
  },
  // Whether each incident's alerts went out: an alert whose sending node died is sent by a survivor.
  '006_alert_sends': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('gateway_incidents').addColumn('open_sent_at', 'text').execute();
      await db.schema.alterTable('gateway_incidents').addColumn('close_sent_at', 'text').execute();
      // Incidents from before: their alerts were handled then (never sent again).
      await sql`update gateway_incidents set open_sent_at = opened_at, close_sent_at = closed_at`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('gateway_incidents').dropColumn('close_sent_at').execute();
      await db.schema.alterTable('gateway_incidents').dropColumn('open_sent_at').execute();
    },
  },
  // Sign-in beyond the password: API tokens, what each signed-in session is, the TOTP second factor.
  '007_sign_in': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('scope', 'text', (c) => c.notNull())
        // JSON array of gateway ids, or null for every gateway the user may reach
        .addColumn('gateway_ids', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('last_used_address', 'text')
        .execute();
      await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
      for (const c of ['user_agent', 'address', 'last_seen_at']) {
        await db.schema.alterTable('session_families').addColumn(c, 'text').execute();
      }
      // base32 secret; confirmed once a first code matched; the last time step used (a code works once)
      await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
      await db.schema
        .createTable('recovery_codes')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
        .execute();
      await db.schema
        .createTable('cloud_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cloud_settings').execute();
      await db.schema.dropTable('recovery_codes').execute();
      for (const c of ['totp_last_step', 'totp_enabled', 'totp_secret']) {
        await db.schema.alterTable('users').dropColumn(c).execute();
      }
      for (const c of ['last_seen_at', 'address', 'user_agent']) {
        await db.schema.alterTable('session_families').dropColumn(c).execute();
      }
      await db.schema.dropTable('api_tokens').execute();
    },
  },
  // Passkeys (WebAuthn), their single-use challenges, and the links of single sign-on identities to users.
  '008_passkeys_sso': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // base64url credential id and COSE public key, as the authenticator gave them
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text')
        .addColumn('device_type', 'text', (c) => c.notNull())
        .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rp_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
      await db.schema
        .createTable('sign_in_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sso_links')
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addPrimaryKeyConstraint('sso_links_pk', ['issuer', 'subject'])
        .execute();
      await db.schema.createIndex('sso_links_user').on('sso_links').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sso_links').execute();
      await db.schema.dropTable('sign_in_challenges').execute();
      await db.schema.dropTable('passkeys').execute();
    },
  },
  // What each linked gateway last told of its fleet (counts and device names), for the cross-gateway overview.
  '009_gateway_summaries': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('gateway_summaries')
        .addColumn('gateway_id', 'text', (c) => c.primaryKey().references('gateways.id').onDelete('cascade'))
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('reported_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('gateway_summaries').execute();
    },
  },
  ...rolloutMigrations,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'st_migrations' });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

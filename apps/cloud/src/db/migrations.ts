import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

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
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'st_migrations' });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

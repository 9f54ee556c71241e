import type { Kysely, Migration } from 'kysely';

// Issue 37: gateway tags, and rollouts across gateways (the cloud's plan and each gateway's part). Portable
// column types only (text, integer, bigint), as in migrations.ts.
export const rolloutMigrations: Record<string, Migration> = {
  '010_gateway_tags_rollouts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('gateways')
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .createTable('cloud_rollouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_by_login', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // firmware, target, settings, gateway ids (JSON)
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('current_wave', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text')
        // failures accepted by a resume, per wave (JSON: wave -> count)
        .addColumn('accepted', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        // the node driving it and until when (epoch ms): one node at a time
        .addColumn('lease_node', 'text')
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        // the firmware file, base64, kept until every gateway has it
        .addColumn('firmware_data', 'text')
        .execute();
      await db.schema.createIndex('cloud_rollouts_state').on('cloud_rollouts').column('state').execute();
      await db.schema
        .createTable('cloud_rollout_gateways')
        .addColumn('rollout_id', 'text', (c) =>
          c.notNull().references('cloud_rollouts.id').onDelete('cascade'),
        )
        .addColumn('gateway_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('firmware_id', 'text')
        .addColumn('firmware_sends', 'integer', (c) => c.notNull().defaultTo(0))
        // wave index -> the gateway's rollout id (JSON)
        .addColumn('parts', 'text', (c) => c.notNull().defaultTo('{}'))
        // RolloutDevice[] with global wave numbers (JSON)
        .addColumn('devices', 'text', (c) => c.notNull().defaultTo('[]'))
        // 1: a "retry failed" still to be passed on (the gateway was offline)
        .addColumn('retry', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('cloud_rollout_gateways_pk', ['rollout_id', 'gateway_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cloud_rollout_gateways').execute();
      await db.schema.dropTable('cloud_rollouts').execute();
      await db.schema.alterTable('gateways').dropColumn('tags').execute();
    },
  },
};

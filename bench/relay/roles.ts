/**
 * What issue 20 adds to each relayed call, measured in-process on a real SQLite file so that the figure does
 * not drown in a loaded machine's scheduling noise: the gateway lookup before (creator only, the query the
 * relay ran until then) and after (creator or unexpired member, with the role), the read/write class and the
 * role check, and recording an audit row (queued; the batch insert is timed too and spread over the rows).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  AuditLog,
  checkRelayRole,
  classifyRelayCall,
  GatewayStore,
  openDatabase,
  ShareStore,
  UserStore,
} from '@st/cloud';
import { createLogger } from '@st/server-kit';
import { percentile, round } from '../lib/figures';

export interface RoleFigures {
  /** microseconds per call, p50 and p99 */
  lookupBeforeUs: { p50: number; p99: number };
  lookupOwnerUs: { p50: number; p99: number };
  lookupSharedUs: { p50: number; p99: number };
  roleCheckUs: { p50: number; p99: number };
  /** one write's row recorded alone and written (a write's answer waits for it) */
  auditRecordUs: { p50: number; p99: number };
  /** many rows recorded at once (group-committed): total time divided by the rows */
  auditWritePerRowUs: number;
  /** after (shared lookup + check + one row written) minus before, at p50 */
  addedP50Us: number;
}

async function timeEach(n: number, fn: () => unknown): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 200; i++) await fn();
  const us: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn();
    us.push((performance.now() - s) * 1000);
  }
  us.sort((a, b) => a - b);
  return { p50: round(percentile(us, 50), 1), p99: round(percentile(us, 99), 1) };
}

export async function measureRoles(n = 3000): Promise<RoleFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-roles-'));
  const db = await openDatabase({ kind: 'sqlite', file: join(dir, 'cloud.db') });
  try {
    const users = new UserStore(db);
    const owner = await users.create('owner', 'bench-password');
    const viewer = await users.create('viewer', 'bench-password');
    const gateways = new GatewayStore(db);
    // a realistic table: 200 gateways, each shared with the viewer
    let id = '';
    for (let i = 0; i < 200; i++) {
      id = (await gateways.create(owner.id, `g${i}`, '')).id;
      await new ShareStore(db).put(id, viewer.id, 'viewer', null, owner.id);
    }
    const before = () =>
      db
        .selectFrom('gateways as g')
        .select((eb) => [
          'g.id',
          'g.owner_id',
          eb
            .exists(
              eb
                .selectFrom('gateway_tokens as gt')
                .select('gt.gateway_id')
                .whereRef('gt.gateway_id', '=', 'g.id'),
            )
            .as('have_token'),
        ])
        .where('g.owner_id', '=', owner.id)
        .where('g.id', '=', id)
        .executeTakeFirst();
    const request = {
      kind: 'device' as const,
      device: '10.0.0.1',
      command: 'callAction',
      params: { name: 'on' },
    };
    const audit = new AuditLog(db, createLogger({ name: 'bench', level: 'silent' }), {
      retentionDays: 30,
      pruneEveryMs: 3_600_000,
    });
    const record = () =>
      audit.record({
        action: 'relay.device',
        actorId: viewer.id,
        actor: 'viewer',
        gatewayId: id,
        device: '10.0.0.1',
        command: 'callAction',
        outcome: '200',
        durationMs: 1.2,
        address: '127.0.0.1',
      });
    const figures = {
      lookupBeforeUs: await timeEach(n, before),
      lookupOwnerUs: await timeEach(n, () => gateways.roleOf(owner.id, id)),
      lookupSharedUs: await timeEach(n, () => gateways.roleOf(viewer.id, id)),
      roleCheckUs: await timeEach(n, () => checkRelayRole('operator', classifyRelayCall(request))),
      auditRecordUs: await timeEach(n, record),
    };
    await audit.flush();
    // n rows recorded at once: the group commit writes them in batches
    const s = performance.now();
    await Promise.all(Array.from({ length: n }, record));
    const auditWritePerRowUs = round(((performance.now() - s) * 1000) / n, 1);
    const after = figures.lookupSharedUs.p50 + figures.roleCheckUs.p50 + figures.auditRecordUs.p50;
    return { ...figures, auditWritePerRowUs, addedP50Us: round(after - figures.lookupBeforeUs.p50, 1) };
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

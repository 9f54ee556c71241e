// A cloud killed with -9 keeps every fact it acknowledged: each write it answered has its audit row (the row is
// written before the answer), and each backup copy a gateway sent is either stored or sent again after the
// relink (the gateway marks a copy sent only once the cloud's RECEIPT confirms it was stored).
import { DeviceInfoSchema, formatSettingsDump } from '@st/protocol';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Browser, field } from './helpers';
import { type CloudProcessSystem, startCloudProcessSystem } from './support/cloudProcessSystem';
import type { NodeProcess } from './support/nodeProcess';
import { gwCall, isOnline, type TestGateway } from './system';

const AuditRows = z.array(z.object({ action: z.string(), gatewayId: z.string().nullable() }));
const Copies = z.array(z.object({ id: z.string() }));

describe('a cloud killed with -9 loses nothing it acknowledged', () => {
  let system: CloudProcessSystem | undefined;
  let cloud: NodeProcess;
  let gw: TestGateway;
  let user: Browser;
  let gatewayId = '';

  beforeAll(async () => {
    system = await startCloudProcessSystem('crash');
    ({ cloud, gw, user, gatewayId } = system);
  }, 120_000);
  afterAll(() => system?.stop());

  /** restarts the killed cloud on the same port and data, and waits for the gateway's relink */
  const restart = async () => {
    await cloud.start();
    user = new Browser(cloud.url);
    await user.login();
    await waitFor(() => isOnline(user, gatewayId), { what: 'the gateway to relink', timeoutMs: 30_000 });
  };

  it('every write answered before the kill has its audit row', async () => {
    const created: string[] = [];
    let relayed = 0;
    let running = true;
    const creator = async (n: number) => {
      for (let i = 0; running; i++) {
        const r = await user
          .call('POST', '/api/gateway/management/create', { name: `crash-${n}-${i}` })
          .catch(() => undefined);
        if (r?.status === 201 || r?.status === 200) created.push(field(r.body, 'id'));
        else if (r === undefined) return;
      }
    };
    const renamer = async (n: number) => {
      for (let i = 0; running; i++) {
        const r = await user
          .call('POST', `/api/gateway/requests/${gatewayId}`, {
            url: '/api/gateway/name',
            method: 'PUT',
            data: { name: `home-${n}-${i}` },
          })
          .catch(() => undefined);
        if (r?.status === 200) relayed += 1;
        else if (r === undefined) return;
      }
    };
    const loops = [0, 1, 2, 3].map(creator).concat([0, 1, 2, 3].map(renamer));
    await waitFor(() => created.length >= 100 && relayed >= 100, {
      what: 'acknowledged writes',
      timeoutMs: 30_000,
    });
    await cloud.kill();
    running = false;
    await Promise.all(loops);
    const acked = { created: [...created], relayed };
    await restart();
    const rows = AuditRows.parse(
      (await user.call('GET', '/api/audit?action=gateway.created&limit=5000')).body,
    );
    const audited = new Set(rows.map((r) => r.gatewayId));
    expect(acked.created.filter((id) => !audited.has(id))).toEqual([]);
    const relayRows = AuditRows.parse(
      (await user.call('GET', `/api/audit?action=relay.request&gatewayId=${gatewayId}&limit=5000`)).body,
    );
    expect(relayRows.length).toBeGreaterThanOrEqual(acked.relayed);
  }, 180_000);

  it('a backup copy the cloud never stored is sent again after the relink', async () => {
    const found = z.array(DeviceInfoSchema).parse((await gwCall(gw.url, 'GET', '/api/devices/found')).body);
    const info = found[0];
    if (!info) throw new Error('no device found');
    const dump = formatSettingsDump({
      wifi: 'home;Crash-Pass-77;1',
      name: 'lamp',
      config: '',
      hooks: '',
      actions: '',
    });
    // The cloud is frozen: the copies reach its socket, and it dies before it reads them.
    const pid = cloud.pid();
    if (pid === undefined) throw new Error('no cloud process');
    process.kill(pid, 'SIGSTOP');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const made = await gwCall(gw.url, 'POST', '/api/devices/settings', { device: info, dump });
      expect(made.status).toBe(201);
      ids.push(field(made.body, 'id'));
    }
    await new Promise((r) => setTimeout(r, 300));
    await cloud.kill();

    await restart();
    await waitFor(
      async () => {
        const copies = Copies.parse((await user.call('GET', `/api/gateway/backups/${gatewayId}`)).body);
        const kept = new Set(copies.map((c) => c.id));
        return ids.every((id) => kept.has(id));
      },
      { what: 'every copy on the cloud after the relink', timeoutMs: 20_000 },
    );
  }, 180_000);
});

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BackupArchiveImport, type BackupCopy, SettingsDumpRecord } from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import Database from 'better-sqlite3';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DB_FILE_NAME } from '../src/db/database';
import { buildArchive, MANIFEST } from '../src/services/backups/archive';
import { command, ErrorBody, http } from './helpers';
import { gatewayForFile } from './support/harness';
import { crc32, deflatedZeros, zipOf } from './support/zipBomb';

// Issue 33, items 2 and 7: an uploaded backup zip is inflated off the event loop and never past the size
// its manifest declares, and every field of an uploaded backup is held to the device limits.

const gw = gatewayForFile({
  gateway: { deviceTimeoutMs: 1500 },
  devices: [
    { ips: loopbackBlock(2), kinds: ['lamp', 'lamp'], logRate: 0, rebootMs: 200, importRebootDelayMs: 200 },
  ],
});
const agent = new Agent({ keepAlive: true });
afterAll(() => agent.destroy());

const Dumps = z.array(SettingsDumpRecord);

function upload(body: Uint8Array) {
  return fetch(`${gw.base}/api/backups/archive`, {
    method: 'POST',
    headers: { 'content-type': 'application/zip' },
    body,
  });
}

/** GET /api/build over a kept-alive socket; resolves with how long the answer took, in ms. */
function buildLatency(): Promise<number> {
  const { port } = new URL(gw.base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/api/build', agent }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${res.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** Polls /api/build one call after another while `work` runs; answers the slowest answer seen. */
async function slowestBuildDuring<T>(
  work: Promise<T>,
): Promise<{ result: T; slowestMs: number; polls: number }> {
  let done = false;
  let slowestMs = 0;
  let polls = 0;
  const poller = (async () => {
    while (!done) {
      slowestMs = Math.max(slowestMs, await buildLatency());
      polls += 1;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const result = await work.finally(() => {
    done = true;
  });
  await poller;
  return { result, slowestMs, polls };
}

/**
 * Uploads `body` `times` times at once from a child process (so the client's work does not share the
 * gateway's event loop, which runs in this process), answering each status, code and message, and how
 * long it took from sending the request to the whole answer (ms).
 */
async function uploadsFromChild(
  body: Buffer,
  times: number,
): Promise<{ status: number; ms: number; code: string; message: string }[]> {
  const { port } = new URL(gw.base);
  const script = `
    const http = require('node:http');
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', async () => {
      const body = Buffer.concat(chunks);
      const one = () => new Promise((resolve, reject) => {
        const started = performance.now();
        const req = http.request({ host: '127.0.0.1', port: ${port}, method: 'POST', path: '/api/backups/archive',
          headers: { 'content-type': 'application/zip', 'content-length': body.length } }, (res) => {
          let text = '';
          res.on('data', (c) => { text += c; });
          res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, ...JSON.parse(text) }));
        });
        req.on('error', reject);
        req.end(body);
      });
      process.stdout.write(JSON.stringify(await Promise.all(Array.from({ length: ${times} }, one))));
    });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (c: string) => {
    out += c;
  });
  child.stdin.end(body);
  await new Promise((resolve) => child.on('close', resolve));
  return z.array(ErrorBody.extend({ status: z.number(), ms: z.number() })).parse(JSON.parse(out));
}

async function refusal(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = ErrorBody.parse(await res.json());
  return { status: res.status, ...body };
}

describe('backup zip uploads that inflate beyond their limits', () => {
  it('refuses a manifest that lies about its size within a second while /api/build answers within 100 ms', async () => {
    // ~1.1 MiB of deflate data that inflates to 1,100 MiB, declared as 1,000 bytes (issue 33, item 2)
    const data = await deflatedZeros(1100);
    const bomb = zipOf([{ name: MANIFEST, data, declaredSize: 1000 }]);
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    // one upload first: the code paths are compiled and the kept-alive socket open before the clock starts
    expect((await uploadsFromChild(bomb, 1))[0]?.status).toBe(400);
    await buildLatency();
    // The same polling around the same child process uploading three tiny non-zips: what this machine's
    // load alone costs an answer (the figure is about 5 ms on an idle machine; many parallel test runs make
    // it larger). The bounds are the (refused within 1 s, /api/build within 100 ms) on top of twice
    // that: about the issue's own on an idle machine, and still far below the seconds the event loop was
    // blocked when the manifest was inflated at once, however loaded the machine is.
    const baseline = await slowestBuildDuring(
      uploadsFromChild(Buffer.from('not a zip at all, only text'), 3),
    );
    const { result, slowestMs, polls } = await slowestBuildDuring(uploadsFromChild(bomb, 3));
    for (const r of result) {
      expect(r.status).toBe(400);
      expect(r.code).toBe('BACKUP_ARCHIVE_INVALID');
      expect(r.message).toContain('inflates to more than the 1000 bytes it declares');
    }
    const slowestUploadMs = Math.max(...result.map((r) => r.ms));
    console.info('zip bomb figures (three lying uploads at once)', {
      uploadBytes: bomb.length,
      slowestRefusalMs: Math.round(slowestUploadMs),
      buildPolls: polls,
      slowestBuildMs: Math.round(slowestMs),
      slowestBuildWithoutBombMs: Math.round(baseline.slowestMs),
    });
    expect(slowestUploadMs).toBeLessThan(1000 + 2 * baseline.slowestMs);
    expect(slowestMs).toBeLessThan(100 + 2 * baseline.slowestMs);
  });

  it('refuses without inflating a manifest that declares a huge size or a bomb ratio', async () => {
    const data = await deflatedZeros(1100);
    const honest = await refusal(
      await upload(zipOf([{ name: MANIFEST, data, declaredSize: 1100 * 2 ** 20 }])),
    );
    expect(honest).toMatchObject({ status: 400, code: 'BACKUP_ARCHIVE_INVALID' });
    expect(honest.message).toContain(`declares ${1100 * 2 ** 20} bytes (at most`);
    const small = await deflatedZeros(8);
    const ratio = await refusal(
      await upload(zipOf([{ name: MANIFEST, data: small, declaredSize: 8 * 2 ** 20 }])),
    );
    expect(ratio).toMatchObject({ status: 400, code: 'BACKUP_ARCHIVE_INVALID' });
    expect(ratio.message).toContain('more than 200 times');
    // inflating to less than declared, or to other bytes than the checksum says, is refused too
    const text = strToU8('{"format":"smartthing-backups"}');
    const stored = { name: MANIFEST, data: text, method: 0 as const, crc: crc32(text) };
    const short = await refusal(await upload(zipOf([{ ...stored, declaredSize: text.length + 5 }])));
    expect(short.message).toContain('size other than declared');
    const wrongCrc = await refusal(await upload(zipOf([{ ...stored, declaredSize: text.length, crc: 1 }])));
    expect(wrongCrc.message).toContain('checksum');
  });

  it('still imports a normal archive, whose backup then restores onto a device', async () => {
    const [lamp, lamp2] = gw.sim().devices.map((d) => d.address) as [string, string];
    const exported = await command(gw.base, lamp, 'exportSettings');
    expect(exported.status).toBe(200);
    const device = z
      .array(z.object({ ip: z.string() }).passthrough())
      .parse((await http(gw.base, 'GET', '/api/devices/found')).body);
    const info = device.find((d) => d.ip === lamp);
    if (!info) throw new Error('lamp not found');
    const copy = {
      id: randomUUID(),
      ip: lamp,
      device: SettingsDumpRecord.shape.device.parse(info),
      source: 'schedule',
      creationDateTime: new Date().toISOString(),
      dump: exported.text.trim(),
    } satisfies BackupCopy;
    const res = await upload(buildArchive([copy]));
    expect(res.status).toBe(200);
    expect(BackupArchiveImport.parse(await res.json())).toEqual({ imported: 1, skipped: 0 });
    const restored = await http(gw.base, 'POST', '/api/backups/restore', { id: copy.id, ip: lamp2 });
    expect(restored.status).toBe(200);
    await waitFor(
      async () => {
        const e = await command(gw.base, lamp2, 'exportSettings').catch(() => undefined);
        return e?.status === 200 && e.text.trim() === copy.dump;
      },
      { what: 'lamp2 exports the uploaded backup', timeoutMs: 10_000 },
    );
  });
});

describe('backup fields held to the device limits', () => {
  const lampInfo = { ip: '10.1.2.3', name: 'lamp', type: 'lamp', board: 'esp32', stVersion: '1.0' };
  const manifestZip = (backups: unknown[]) =>
    zipSync({
      [MANIFEST]: strToU8(
        JSON.stringify({
          format: 'smartthing-backups',
          version: 1,
          createdAt: '2026-11-24T10:00:00.000Z',
          gatewayVersion: '1.0.0',
          backups,
        }),
      ),
    });
  const backup = (over: Record<string, unknown>) => ({
    id: randomUUID(),
    ip: '10.1.2.3',
    device: lampInfo,
    source: 'schedule',
    creationDateTime: '2026-11-24T10:00:00.000Z',
    dump: '000000000000000',
    ...over,
  });

  it('refuses an uploaded archive with a 20 MB device name, an oversized type or board, or a made-up address', async () => {
    const before = Dumps.parse((await http(gw.base, 'GET', '/api/devices/settings')).body).length;
    const cases: [string, Uint8Array][] = [
      // 20 MB of one letter deflates to about 20 KB; the ratio bound already refuses it
      ['20 MB name', manifestZip([backup({ device: { ...lampInfo, name: 'n'.repeat(20_000_000) } })])],
      ['17-character name', manifestZip([backup({ device: { ...lampInfo, name: 'n'.repeat(17) } })])],
      ['long type', manifestZip([backup({ device: { ...lampInfo, type: 't'.repeat(65) } })])],
      ['unknown board', manifestZip([backup({ device: { ...lampInfo, board: 'esp32-but-longer' } })])],
      ['address', manifestZip([backup({ ip: 'lamp-0001' })])],
      ['long address', manifestZip([backup({ ip: `10.1.2.3${'9'.repeat(100)}` })])],
    ];
    for (const [what, zip] of cases) {
      const r = await refusal(await upload(zip));
      expect(r, what).toMatchObject({ status: 400, code: 'BACKUP_ARCHIVE_INVALID' });
    }
    expect(Dumps.parse((await http(gw.base, 'GET', '/api/devices/settings')).body).length).toBe(before);
  });

  it('refuses a posted settings dump whose device exceeds the limits', async () => {
    for (const device of [
      { ...lampInfo, name: 'n'.repeat(1_000_000) },
      { ...lampInfo, ip: 'x'.repeat(100) },
      { ...lampInfo, board: 'z'.repeat(100) },
    ]) {
      const r = await http(gw.base, 'POST', '/api/devices/settings', { device, dump: '000000000000000' });
      expect(r.status).toBe(400);
    }
  });

  it('answers the archive download with bounded file names even beside a stored row beyond the limits', async () => {
    // a row stored before the limits existed, as the 20 MB name left it
    const db = new Database(join(gw.setup.dataDir, DB_FILE_NAME));
    try {
      db.prepare(
        `INSERT INTO settings_dumps (id, device, dump, creation_date_time, created_at, source, device_ip, cloud_pushed)
         VALUES (?, ?, ?, ?, ?, 'upload', ?, 1)`,
      ).run(
        randomUUID(),
        JSON.stringify({ ...lampInfo, ip: '10.9.9.9', name: 'n'.repeat(2_000_000) }),
        '000000000000000',
        '2026-11-24T10:00:00.000Z',
        Date.now(),
        '10.9.9.9',
      );
    } finally {
      db.close();
    }
    const res = await fetch(`${gw.base}/api/backups/archive`);
    expect(res.status).toBe(200);
    const files = Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())));
    expect(files.length).toBeGreaterThan(1);
    expect(Math.max(...files.map((f) => f.length))).toBeLessThanOrEqual('dumps/'.length + 64 + '.txt'.length);
  });
});

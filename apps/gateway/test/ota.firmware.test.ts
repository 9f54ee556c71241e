import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Firmware, makeFirmwareImage } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, http } from './helpers';
import { addFirmware, addFirmwareOk } from './otaHelpers';
import { gatewayForFile } from './support/harness';

const LIMIT = 256 * 1024;
const gw = gatewayForFile({ gateway: { otaFirmwareMaxBytes: LIMIT } });

const list = async () => z.array(Firmware).parse((await http(gw.base, 'GET', '/api/ota/firmware')).body);
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('firmware library', () => {
  it('stores an upload by its SHA-256 next to the database, with its MD5, and lists it', async () => {
    const image = makeFirmwareImage({ version: '2.0.0', size: 8192, seed: 7 });
    const res = await addFirmware(
      gw.base,
      { board: 'esp32', type: 'lamp', version: '2.0.0' },
      image,
      'lamp-2.bin',
    );
    expect(res.status).toBe(201);
    const fw = Firmware.parse(res.body);
    expect(fw).toMatchObject({
      board: 'esp32',
      type: 'lamp',
      version: '2.0.0',
      fileName: 'lamp-2.bin',
      size: 8192,
    });
    expect(fw.fileChecksum).toBe(md5(image));
    expect(fw.sha256).toBe(sha256(image));
    expect(existsSync(join(gw.setup.dataDir, `${fw.sha256}.bin`))).toBe(true);
    expect((await list()).map((f) => f.id)).toContain(fw.id);
  });

  it('reads board and version from the image when the user leaves them out', async () => {
    const image = makeFirmwareImage({ version: '3.1.4', seed: 8 });
    const fw = await addFirmwareOk(gw.base, { type: 'prefill' }, image);
    expect(fw).toMatchObject({ board: 'esp32', version: '3.1.4', type: 'prefill' });
  });

  it('refuses a file that is not an ESP application image, saying so', async () => {
    const res = await addFirmware(
      gw.base,
      { board: 'esp32', type: 'x', version: '1' },
      new TextEncoder().encode('hello world, not firmware'.repeat(40)),
    );
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).message).toMatch(/not an ESP application image/);
    expect((await list()).some((f) => f.type === 'x')).toBe(false);
  });

  it('refuses an ESP32 image declared for an esp8266', async () => {
    const res = await addFirmware(
      gw.base,
      { board: 'esp8266', type: 'y', version: '1' },
      makeFirmwareImage({ version: '1' }),
    );
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).message).toMatch(/ESP32 application image.*esp8266/);
  });

  it('accepts an ESP8266 image (no application description) only for an esp8266, with the version given', async () => {
    const image = new Uint8Array(4096).fill(0x5a);
    image.set([0xe9, 1, 2, 0x20], 0);
    const fw = await addFirmwareOk(gw.base, { board: 'esp8266', type: 'socket', version: '0.9.4' }, image);
    expect(fw).toMatchObject({ board: 'esp8266', version: '0.9.4' });
    const asEsp32 = await addFirmware(gw.base, { board: 'esp32', type: 'socket', version: '0.9.5' }, image);
    expect(asEsp32.status).toBe(400);
    expect(ErrorBody.parse(asEsp32.body).message).toMatch(/not an ESP application image/);
    const noBoard = await addFirmware(gw.base, { type: 'socket', version: '0.9.6' }, image);
    expect(noBoard.status).toBe(400);
    expect(ErrorBody.parse(noBoard.body).message).toMatch(/Choose the board/);
  });

  it('refuses missing info, a missing file, an empty file and a file over the limit', async () => {
    const noType = await addFirmware(
      gw.base,
      { board: 'esp32', version: '1' },
      makeFirmwareImage({ version: '1' }),
    );
    expect(noType.status).toBe(400);
    expect(ErrorBody.parse(noType.body).message).toMatch(/type/);
    const form = new FormData();
    form.append('info', JSON.stringify({ board: 'esp32', type: 'z', version: '1' }));
    const noFile = await fetch(`${gw.base}/api/ota/firmware`, { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
    expect(ErrorBody.parse(await noFile.json()).message).toBe('Firmware file is missing!');
    const empty = await addFirmware(gw.base, { board: 'esp32', type: 'z', version: '1' }, new Uint8Array(0));
    expect(empty.status).toBe(400);
    const big = await addFirmware(
      gw.base,
      { board: 'esp32', type: 'z', version: '2' },
      makeFirmwareImage({ version: '2', size: LIMIT + 1 }),
    );
    expect(big.status).toBe(413);
    expect(ErrorBody.parse(big.body).message).toContain(String(LIMIT));
    const two = new FormData();
    two.append('info', JSON.stringify({ board: 'esp32', type: 'z', version: '4' }));
    for (const name of ['a.bin', 'b.bin'])
      two.append('file', new Blob([Uint8Array.from(makeFirmwareImage({ version: '4' }))]), name);
    const twoFiles = await fetch(`${gw.base}/api/ota/firmware`, { method: 'POST', body: two });
    expect(twoFiles.status).toBe(400);
    expect(ErrorBody.parse(await twoFiles.json()).message).toMatch(/one info field and one file/);
    const broken = await fetch(`${gw.base}/api/ota/firmware`, {
      method: 'POST',
      body: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(broken.status).toBe(400);
    const json = await http(gw.base, 'POST', '/api/ota/firmware', {
      board: 'esp32',
      type: 'z',
      version: '3',
    });
    expect(json.status).toBe(415);
    expect((await list()).some((f) => f.type === 'z')).toBe(false);
  });

  it('refuses a duplicate board, type and version', async () => {
    const info = { board: 'esp32', type: 'dup', version: '1.0' };
    await addFirmwareOk(gw.base, info, makeFirmwareImage({ version: '1.0', seed: 3 }));
    const again = await addFirmware(gw.base, info, makeFirmwareImage({ version: '1.0', seed: 4 }));
    expect(again.status).toBe(409);
    expect(ErrorBody.parse(again.body).message).toMatch(/Duplicate firmware/);
  });

  it('edits type and version (an unchanged record saves fine), refuses a duplicate edit', async () => {
    const a = await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'edit', version: '1' },
      makeFirmwareImage({ version: '1', seed: 11 }),
    );
    await addFirmwareOk(
      gw.base,
      { board: 'esp32', type: 'edit', version: '2' },
      makeFirmwareImage({ version: '2', seed: 12 }),
    );
    const same = await http(gw.base, 'PUT', '/api/ota/firmware', {
      id: a.id,
      board: 'esp32',
      type: 'edit',
      version: '1',
    });
    expect(same.status).toBe(200);
    const renamed = await http(gw.base, 'PUT', '/api/ota/firmware', {
      id: a.id,
      type: 'edited',
      version: '1.1',
    });
    expect(Firmware.parse(renamed.body)).toMatchObject({ type: 'edited', version: '1.1', sha256: a.sha256 });
    const clash = await http(gw.base, 'PUT', '/api/ota/firmware', { id: a.id, type: 'edit', version: '2' });
    expect(clash.status).toBe(409);
    const board = await http(gw.base, 'PUT', '/api/ota/firmware', { id: a.id, board: 'esp8266' });
    expect(board.status).toBe(400);
    const unknown = await http(gw.base, 'PUT', '/api/ota/firmware', { id: 'nope', type: 't' });
    expect(unknown.status).toBe(404);
  });

  it('downloads the same bytes under the stored name, and deletes record and file', async () => {
    const image = makeFirmwareImage({ version: '9.9', seed: 99, size: 5000 });
    const fw = await addFirmwareOk(gw.base, { board: 'esp32', type: 'dl', version: '9.9' }, image);
    const res = await fetch(`${gw.base}/api/ota/firmware/download?id=${fw.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fw.fileName}"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(image))).toBe(true);
    expect((await http(gw.base, 'DELETE', `/api/ota/firmware?id=${fw.id}`)).status).toBe(200);
    expect(existsSync(join(gw.setup.dataDir, `${fw.sha256}.bin`))).toBe(false);
    expect((await fetch(`${gw.base}/api/ota/firmware/download?id=${fw.id}`)).status).toBe(404);
    expect((await http(gw.base, 'DELETE', `/api/ota/firmware?id=${fw.id}`)).status).toBe(404);
    expect(readdirSync(gw.setup.dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('lists the supported boards', async () => {
    const res = await http(gw.base, 'GET', '/api/ota/firmware/boards');
    expect(res.body).toEqual(expect.arrayContaining(['esp32', 'esp8266']));
  });
});

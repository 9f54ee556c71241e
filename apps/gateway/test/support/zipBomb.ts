import { constants, crc32, createDeflateRaw } from 'node:zlib';

// Zip bombs for the archive upload's tests: raw deflate of zeros built from one sync-flushed 1 MiB block
// repeated (about 1 KiB each), so a 1 MiB file inflates to about 1 GiB without the test ever holding it.

/** Raw deflate data that inflates to `mebibytes` MiB of zeros. */
export async function deflatedZeros(mebibytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const block = async () => {
    deflate.write(Buffer.alloc(1 << 20));
    await new Promise<void>((resolve) => deflate.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    return Buffer.concat(out.splice(0));
  };
  const first = await block();
  // from the second block on, the window holds only zeros: every further block compresses the same
  const steady = await block();
  deflate.destroy();
  // an empty final fixed-Huffman block ends the stream
  return Buffer.concat([
    first,
    ...Array<Buffer>(Math.max(0, mebibytes - 1)).fill(steady),
    Buffer.from([0x03, 0x00]),
  ]);
}

export interface ZipFile {
  readonly name: string;
  /** what the file holds, as stored in the zip (deflated unless `method` is 0) */
  readonly data: Uint8Array;
  /** the uncompressed size the headers declare */
  readonly declaredSize: number;
  readonly crc?: number;
  readonly method?: 0 | 8;
}

/** A zip whose headers say whatever the test wants (sizes, checksums), local headers and directory alike. */
export function zipOf(files: readonly ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const crc = f.crc ?? 0;
    const method = f.method ?? 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, Buffer.from(f.data));
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(method, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(f.data.length, 20);
    dir.writeUInt32LE(f.declaredSize, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += 30 + name.length + f.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

export { crc32 };

import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';

// Reads one file out of an untrusted zip without trusting what it declares: the sizes are checked against
// the limits before anything is inflated, the inflate runs on libuv's thread pool (the event loop stays
// free) and stops one byte past the declared size, and the result must match the declared size and CRC.

const inflate = promisify(inflateRaw);

/** Why a zip was refused; the caller turns it into its own error. */
export class ZipRefusal extends Error {}

export interface ZipEntryLimits {
  /** the file is refused when it declares (or inflates to) more than this */
  readonly maxBytes: number;
  /** and when it declares more than this many times its compressed size (a zip bomb) ... */
  readonly maxRatio: number;
  /** ... unless it declares at most this much (tiny files compress at any ratio) */
  readonly ratioFreeBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const STORED = 0;
const DEFLATED = 8;

interface CentralEntry {
  readonly name: string;
  readonly flags: number;
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
}

function endOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - EOCD_SIZE;
  // the record sits at the end, before a comment of at most 65,535 bytes
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new ZipRefusal('the file is not a readable zip (no end of central directory)');
}

function centralEntries(bytes: Uint8Array, maxEntries: number): CentralEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = endOfCentralDirectory(view);
  const count = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || dirOffset === 0xffffffff) throw new ZipRefusal('zip64 archives are not read');
  if (count > maxEntries) throw new ZipRefusal(`more than ${maxEntries} files`);
  if (dirOffset + dirSize > eocd) throw new ZipRefusal('the file is not a readable zip (bad directory)');
  const decoder = new TextDecoder();
  const out: CentralEntry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL)
      throw new ZipRefusal('the file is not a readable zip (bad directory entry)');
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > eocd) throw new ZipRefusal('the file is not a readable zip (bad directory entry)');
    out.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at = next;
  }
  return out;
}

/** The compressed bytes of an entry, found through its local header (which must agree with the directory). */
function entryData(bytes: Uint8Array, entry: CentralEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL)
    throw new ZipRefusal(`${entry.name} has no local header`);
  const usesDescriptor = (view.getUint16(at + 6, true) & 0x8) !== 0;
  if (
    !usesDescriptor &&
    (view.getUint32(at + 18, true) !== entry.compressedSize || view.getUint32(at + 22, true) !== entry.size)
  )
    throw new ZipRefusal(`the sizes of ${entry.name} in its header and in the directory differ`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ZipRefusal(`${entry.name} is cut short`);
  return bytes.subarray(start, end);
}

/**
 * The content of file `name` in the zip, or undefined when there is none. Throws ZipRefusal when the zip
 * cannot be read, the file is encrypted or uses another method than stored or deflate, declares more than
 * the limits allow, or inflates to anything but its declared size and CRC.
 */
export async function readZipEntry(
  bytes: Uint8Array,
  name: string,
  limits: ZipEntryLimits & { readonly maxEntries: number },
): Promise<Buffer | undefined> {
  if (bytes.length < EOCD_SIZE) throw new ZipRefusal('the file is not a readable zip (too short)');
  const entry = centralEntries(bytes, limits.maxEntries).find((e) => e.name === name);
  if (!entry) return undefined;
  if ((entry.flags & 0x1) !== 0) throw new ZipRefusal(`${name} is encrypted`);
  if (entry.method !== STORED && entry.method !== DEFLATED)
    throw new ZipRefusal(`${name} uses compression method ${entry.method} (stored or deflate only)`);
  if (entry.size > limits.maxBytes)
    throw new ZipRefusal(`${name} declares ${entry.size} bytes (at most ${limits.maxBytes})`);
  if (entry.size > limits.ratioFreeBytes && entry.size > entry.compressedSize * limits.maxRatio)
    throw new ZipRefusal(
      `${name} declares ${entry.size} bytes from ${entry.compressedSize} compressed (more than ${limits.maxRatio} times)`,
    );
  const data = entryData(bytes, entry);
  let out: Buffer;
  if (entry.method === STORED) {
    if (data.length !== entry.size) throw new ZipRefusal(`${name} is stored with a size other than declared`);
    out = Buffer.from(data);
  } else {
    try {
      // one byte past the declared size stops it: a file that lies about its size is never inflated further
      out = await inflate(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (e) {
      if (e instanceof Error && 'code' in e && e.code === 'ERR_BUFFER_TOO_LARGE')
        throw new ZipRefusal(`${name} inflates to more than the ${entry.size} bytes it declares`);
      throw new ZipRefusal(`${name} does not inflate (${e instanceof Error ? e.message : String(e)})`);
    }
    if (out.length !== entry.size)
      throw new ZipRefusal(`${name} inflates to ${out.length} bytes, not the ${entry.size} it declares`);
  }
  if (crc32(out) !== entry.crc) throw new ZipRefusal(`${name} does not match its checksum`);
  return out;
}

import {
  ApiError,
  BACKUP_LIMITS,
  BackupCopy,
  DateTime,
  DeviceAddress,
  type DeviceTagMap,
  DeviceTags,
  PRODUCT_VERSION,
  parseSettingsDump,
} from '@st/protocol';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { z } from 'zod';
import { readZipEntry, ZipRefusal } from './zipEntry';

// The backup archive: `smartthing-backups.json` (the manifest, what an upload reads) and one
// `dumps/<name> (<ip>).txt` per device (the dump text, for people). Built in memory with fflate (a fleet's
// dumps are about 1 KiB each); an upload is read with zipEntry, which trusts none of the sizes it declares.

export const MANIFEST = 'smartthing-backups.json';

const Manifest = z.object({
  format: z.literal('smartthing-backups'),
  version: z.literal(1),
  createdAt: DateTime,
  gatewayVersion: z.string(),
  backups: z.array(BackupCopy).max(BACKUP_LIMITS.archiveMaxEntries),
  /**
   * device address -> its tags. Optional both ways: an archive without it reads as before, and a gateway
   * that predates tags ignores the field (its manifest schema drops unknown keys).
   */
  tags: z.record(DeviceAddress, DeviceTags).optional(),
});

/** Longest file name part of a device's text file (the name and address fit well within it). */
export const ARCHIVE_NAME_MAX_CHARS = 64;

/**
 * `dumps/<name> (<address>).txt`: letters, digits, space, `.`, `(`, `)`, `-` and `_` only, at most
 * ARCHIVE_NAME_MAX_CHARS before `.txt`, never a dot segment; a name already used gets `-2`, `-3`...
 */
function fileName(copy: BackupCopy, used: Set<string>): string {
  const safe = `${copy.device.name} (${copy.ip})`
    .replace(/[^\w .()-]+/g, '_')
    .replace(/^[ .]+/, '_')
    .slice(0, ARCHIVE_NAME_MAX_CHARS);
  let name = safe;
  for (let n = 2; used.has(name); n++)
    name = `${safe.slice(0, ARCHIVE_NAME_MAX_CHARS - 1 - String(n).length)}-${n}`;
  used.add(name);
  return `dumps/${name}.txt`;
}

/**
 * The archive of these backups. Only copies within the backup limits (BackupCopy) go in, so what is
 * downloaded can always be uploaded again; a stored row from before the limits is left out.
 */
export function buildArchive(
  copies: readonly BackupCopy[],
  now = new Date(),
  tags: DeviceTagMap = {},
): Uint8Array {
  const kept = copies.flatMap((c) => {
    const fits = BackupCopy.safeParse(c);
    return fits.success ? [fits.data] : [];
  });
  const manifest = {
    format: 'smartthing-backups',
    version: 1,
    createdAt: now.toISOString(),
    gatewayVersion: PRODUCT_VERSION,
    backups: kept,
    ...(Object.keys(tags).length > 0 ? { tags } : {}),
  };
  // One deflate of the manifest (it holds every dump); the per-device texts are stored as they are: each
  // is under 1 KiB, and deflate's per-file setup costs about 1 ms each (200 devices: 230 ms vs 20 ms).
  const files: Zippable = { [MANIFEST]: [strToU8(JSON.stringify(manifest, null, 2)), { level: 6 }] };
  const used = new Set<string>();
  for (const copy of kept) files[fileName(copy, used)] = [strToU8(`${copy.dump}\n`), { level: 0 }];
  return zipSync(files, { mtime: now });
}

const invalid = (why: string) => new ApiError('BACKUP_ARCHIVE_INVALID', `Not a backup archive: ${why}`);

/**
 * What an uploaded archive's manifest may be: at most MANIFEST_MAX_BYTES (every entry at its longest dump),
 * at most MANIFEST_MAX_RATIO times its compressed size (a real manifest deflates 2 to 13 times, 5,000 copies
 * of one dump included; a zip bomb a thousand), and it must inflate to exactly the size it declares.
 */
export const MANIFEST_MAX_BYTES = BACKUP_LIMITS.archiveMaxBytes * 4;
export const MANIFEST_MAX_RATIO = 200;
const MANIFEST_LIMITS = {
  maxBytes: MANIFEST_MAX_BYTES,
  maxRatio: MANIFEST_MAX_RATIO,
  ratioFreeBytes: 64 * 1024,
  maxEntries: BACKUP_LIMITS.archiveMaxEntries + 1,
};

/** Dumps checked between two yields to the event loop (a full archive holds 5,000). */
const DUMPS_PER_TURN = 250;

/**
 * Reads an uploaded archive; rejects with BACKUP_ARCHIVE_INVALID (400) for anything that is not a complete,
 * valid archive, so a bad upload changes nothing. Only the manifest is inflated, off the event loop, and
 * never past the size it declares (readZipEntry).
 */
export async function readArchive(bytes: Uint8Array): Promise<BackupCopy[]> {
  return (await readArchiveWithTags(bytes)).copies;
}

/** readArchive, with the device tags the archive carries (none from an archive made before tags). */
export async function readArchiveWithTags(
  bytes: Uint8Array,
): Promise<{ copies: BackupCopy[]; tags: DeviceTagMap }> {
  if (bytes.length === 0) throw invalid('the file is empty');
  let manifest: Buffer | undefined;
  try {
    manifest = await readZipEntry(bytes, MANIFEST, MANIFEST_LIMITS);
  } catch (e) {
    if (e instanceof ZipRefusal) throw invalid(e.message);
    throw e;
  }
  if (!manifest) throw invalid(`${MANIFEST} is missing`);
  let json: unknown;
  try {
    json = JSON.parse(manifest.toString('utf8'));
  } catch {
    throw invalid(`${MANIFEST} is not JSON`);
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(`${MANIFEST} does not match: ${issue ? `${issue.path.join('.')}: ${issue.message}` : ''}`);
  }
  for (const [i, copy] of parsed.data.backups.entries()) {
    if (i > 0 && i % DUMPS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const dump = parseSettingsDump(copy.dump);
    if (!dump.ok) throw invalid(`backup ${i + 1} (${copy.device.name}) holds a bad dump: ${dump.error}`);
  }
  return { copies: parsed.data.backups, tags: parsed.data.tags ?? {} };
}

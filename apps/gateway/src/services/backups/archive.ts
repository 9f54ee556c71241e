import {
  ApiError,
  BACKUP_LIMITS,
  BackupCopy,
  DateTime,
  PRODUCT_VERSION,
  parseSettingsDump,
} from '@st/protocol';
import { strFromU8, strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import { z } from 'zod';

// The backup archive: `smartthing-backups.json` (the manifest, what an upload reads) and one
// `dumps/<name> (<ip>).txt` per device (the dump text, for people). Built and read in memory with fflate:
// a fleet's dumps are about 1 KiB each.

export const MANIFEST = 'smartthing-backups.json';

const Manifest = z.object({
  format: z.literal('smartthing-backups'),
  version: z.literal(1),
  createdAt: DateTime,
  gatewayVersion: z.string(),
  backups: z.array(BackupCopy).max(BACKUP_LIMITS.archiveMaxEntries),
});

function fileName(copy: BackupCopy): string {
  const safe = `${copy.device.name} (${copy.ip})`.replace(/[^\w .()-]+/g, '_');
  return `dumps/${safe}.txt`;
}

export function buildArchive(copies: readonly BackupCopy[], now = new Date()): Uint8Array {
  const manifest = {
    format: 'smartthing-backups',
    version: 1,
    createdAt: now.toISOString(),
    gatewayVersion: PRODUCT_VERSION,
    backups: copies,
  };
  // One deflate of the manifest (it holds every dump); the per-device texts are stored as they are: each
  // is under 1 KiB, and deflate's per-file setup costs about 1 ms each (200 devices: 230 ms vs 20 ms).
  const files: Zippable = { [MANIFEST]: [strToU8(JSON.stringify(manifest, null, 2)), { level: 6 }] };
  for (const copy of copies) files[fileName(copy)] = [strToU8(`${copy.dump}\n`), { level: 0 }];
  return zipSync(files, { mtime: now });
}

const invalid = (why: string) => new ApiError('BACKUP_ARCHIVE_INVALID', `Not a backup archive: ${why}`);

/**
 * Reads an uploaded archive; throws BACKUP_ARCHIVE_INVALID (400) for anything that is not a complete,
 * valid archive, so a bad upload changes nothing. Only the manifest is inflated, and only when its
 * announced size is within bounds.
 */
export function readArchive(bytes: Uint8Array): BackupCopy[] {
  if (bytes.length === 0) throw invalid('the file is empty');
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => f.name === MANIFEST && f.originalSize <= BACKUP_LIMITS.archiveMaxBytes * 4,
    });
  } catch (e) {
    throw invalid(`the file is not a readable zip (${e instanceof Error ? e.message : String(e)})`);
  }
  const manifest = files[MANIFEST];
  if (!manifest) throw invalid(`${MANIFEST} is missing`);
  let json: unknown;
  try {
    json = JSON.parse(strFromU8(manifest));
  } catch {
    throw invalid(`${MANIFEST} is not JSON`);
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(`${MANIFEST} does not match: ${issue ? `${issue.path.join('.')}: ${issue.message}` : ''}`);
  }
  for (const [i, copy] of parsed.data.backups.entries()) {
    const dump = parseSettingsDump(copy.dump);
    if (!dump.ok) throw invalid(`backup ${i + 1} (${copy.device.name}) holds a bad dump: ${dump.error}`);
  }
  return parsed.data.backups;
}

import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError, type Board, type Firmware, type FirmwareUpdate } from '@st/protocol';
import { checkFirmwareImage } from './firmwareImage';
import type { FirmwareRepo, StoredFirmware } from './firmwareRepo';

/** The `info` part as received: board and version may be left to the image. */
export interface FirmwareDraft {
  readonly board?: Board | undefined;
  readonly type: string;
  readonly version?: string | undefined;
}

const hex = (algorithm: 'md5' | 'sha256', bytes: Uint8Array) =>
  createHash(algorithm).update(bytes).digest('hex');

/** A name safe for a content-disposition header and a file system. */
function safeFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').replace(/^.*[\\/]/, '').replace(/[^\w.+-]+/g, '_');
  return base === '' || base === '.' || base === '..' ? fallback : base;
}

/**
 * The gateway's firmware library: records in SQLite, bytes in `<dataDir>/<sha256>.bin` (one file per distinct
 * content, shared by records with the same bytes). Uploads are checked to be ESP application images.
 */
export class FirmwareLibrary {
  constructor(
    private readonly repo: FirmwareRepo,
    private readonly dir: string,
  ) {}

  list(): Firmware[] {
    return this.repo.list().map((s) => s.firmware);
  }

  get(id: string): StoredFirmware {
    const stored = this.repo.get(id);
    if (!stored) throw new ApiError('FIRMWARE_NOT_FOUND', `Can't find firmware info with id ${id}`);
    return stored;
  }

  filePath(f: Firmware): string {
    return join(this.dir, `${f.sha256}.bin`);
  }

  add(draft: FirmwareDraft, originalName: string | undefined, bytes: Uint8Array): Firmware {
    if (bytes.length === 0) throw new ApiError('FIRMWARE_FILE_EMPTY');
    const check = checkFirmwareImage(bytes, draft.board);
    if (!check.ok) throw new ApiError('VALIDATION_FAILED', check.reason);
    const version = draft.version ?? check.facts.version;
    if (version === undefined) {
      throw new ApiError('FIRMWARE_INFO_REQUIRED', 'Firmware version is required (the image carries none)');
    }
    const board = check.facts.board;
    this.refuseDuplicate(board, draft.type, version);
    const sha256 = hex('sha256', bytes);
    const firmware: Firmware = {
      id: randomUUID(),
      board,
      type: draft.type,
      version,
      fileName: safeFileName(originalName, `${board}-${draft.type}-${version}.bin`),
      fileChecksum: hex('md5', bytes),
      sha256,
      size: bytes.length,
    };
    const path = this.filePath(firmware);
    if (!existsSync(path)) {
      const tmp = `${path}.${firmware.id}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, path);
    }
    this.repo.insert({ firmware, imageVersion: check.facts.version });
    return firmware;
  }

  update(change: FirmwareUpdate): Firmware {
    const current = this.get(change.id).firmware;
    const next: Firmware = {
      ...current,
      board: change.board ?? current.board,
      type: change.type ?? current.type,
      version: change.version ?? current.version,
    };
    if (next.board !== current.board) {
      const check = checkFirmwareImage(this.read(current), next.board);
      if (!check.ok) throw new ApiError('FIRMWARE_BOARD_MISMATCH', check.reason);
    }
    this.refuseDuplicate(next.board, next.type, next.version, next.id);
    this.repo.update(next);
    return next;
  }

  delete(id: string): void {
    const { firmware } = this.get(id);
    this.repo.delete(id);
    if (this.repo.countBySha(firmware.sha256) === 0) rmSync(this.filePath(firmware), { force: true });
  }

  /** The bytes of a firmware, checked against its recorded digests (a changed file is refused). */
  read(f: Firmware): Buffer {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.filePath(f));
    } catch {
      throw new ApiError('FIRMWARE_FILE_MISSING', `Firmware file of ${f.type} ${f.version} is missing`);
    }
    if (
      bytes.length !== f.size ||
      hex('md5', bytes) !== f.fileChecksum ||
      hex('sha256', bytes) !== f.sha256
    ) {
      throw new ApiError(
        'FIRMWARE_CORRUPTED',
        `Firmware file corrupted! ${f.fileName} no longer matches its MD5 ${f.fileChecksum}`,
      );
    }
    return bytes;
  }

  private refuseDuplicate(board: string, type: string, version: string, exceptId?: string): void {
    if (this.repo.findSame(board, type, version, exceptId)) {
      throw new ApiError(
        'FIRMWARE_DUPLICATE',
        `Duplicate firmware detected: ${type} ${version} for ${board} is already saved`,
      );
    }
  }
}

import { BoardSchema, Firmware } from '@st/protocol';
import { z } from 'zod';
import type { Db } from '../../db/database';

/** A saved firmware with what the gateway keeps beside the public record. */
export interface StoredFirmware {
  readonly firmware: Firmware;
  /** The version inside the image, when it carries one (what the device will report after the update). */
  readonly imageVersion: string | undefined;
}

const Row = z.object({
  id: z.string(),
  board: BoardSchema,
  type: z.string(),
  version: z.string(),
  file_name: z.string(),
  md5: z.string(),
  sha256: z.string(),
  size: z.number(),
  image_version: z.string().nullable(),
});

function fromRow(raw: unknown): StoredFirmware {
  const row = Row.parse(raw);
  const firmware = Firmware.parse({
    id: row.id,
    board: row.board,
    type: row.type,
    version: row.version,
    fileName: row.file_name,
    fileChecksum: row.md5,
    sha256: row.sha256,
    size: row.size,
  });
  return { firmware, imageVersion: row.image_version ?? undefined };
}

/** Firmware records in SQLite (the bytes live in files named by their SHA-256). */
export class FirmwareRepo {
  constructor(private readonly db: Db) {}

  list(): StoredFirmware[] {
    return this.db.prepare('SELECT * FROM firmwares ORDER BY type, version, board').all().map(fromRow);
  }

  get(id: string): StoredFirmware | undefined {
    const row = this.db.prepare('SELECT * FROM firmwares WHERE id = ?').get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  /** Another record with the same board, type and version (the duplicate rule). */
  findSame(board: string, type: string, version: string, exceptId?: string): StoredFirmware | undefined {
    const row = this.db
      .prepare('SELECT * FROM firmwares WHERE board = ? AND type = ? AND version = ? AND id <> ?')
      .get(board, type, version, exceptId ?? '');
    return row === undefined ? undefined : fromRow(row);
  }

  countBySha(sha256: string): number {
    const row = this.db.prepare('SELECT COUNT(*) AS n FROM firmwares WHERE sha256 = ?').get(sha256);
    return z.object({ n: z.number() }).parse(row).n;
  }

  insert(s: StoredFirmware): void {
    const f = s.firmware;
    this.db
      .prepare(
        `INSERT INTO firmwares (id, board, type, version, file_name, md5, sha256, size, image_version, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        f.id,
        f.board,
        f.type,
        f.version,
        f.fileName,
        f.fileChecksum,
        f.sha256,
        f.size,
        s.imageVersion ?? null,
        Date.now(),
      );
  }

  update(f: Firmware): void {
    this.db
      .prepare('UPDATE firmwares SET board = ?, type = ?, version = ? WHERE id = ?')
      .run(f.board, f.type, f.version, f.id);
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM firmwares WHERE id = ?').run(id);
  }
}

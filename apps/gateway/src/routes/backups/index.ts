import { ApiError, BACKUP_LIMITS, BACKUP_ROUTES, type BackupCopy } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import { buildArchive, readArchiveWithTags } from '../../services/backups/archive';
import type { Backups } from '../../services/backups/backups';
import { type BackupStore, copyToRecord } from '../../services/backups/store';
import type { DeviceTags } from '../../services/tags/deviceTags';

export interface BackupRouteDeps {
  readonly backups: Backups;
  readonly store: BackupStore;
  /** this gateway record's copies kept by the cloud; throws BACKUP_CLOUD_UNAVAILABLE when not logged in */
  readonly fetchCloudCopies: () => Promise<BackupCopy[]>;
  /** device tags: the archive carries them, an uploaded archive's are merged in */
  readonly tags?: DeviceTags;
}

const ARCHIVE_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/** `/api/backups*`: schedule, run, versions, restore, archive download and upload, cloud pull. */
export async function backupRoutes(app: HttpApp, deps: BackupRouteDeps): Promise<void> {
  const { backups, store } = deps;
  const r = BACKUP_ROUTES;
  const tags = ['backups'];
  await app.register(async (scope: HttpApp) => {
    // Zip uploads arrive as raw bytes (parsed only in this scope).
    scope.addContentTypeParser(
      ARCHIVE_TYPES,
      { parseAs: 'buffer', bodyLimit: BACKUP_LIMITS.archiveMaxBytes },
      (_req, body, done) => done(null, body),
    );
    const overview = r['gateway.backups.overview'];
    scope.get(overview.path, {
      schema: { tags, summary: overview.summary, response: { 200: overview.response } },
      handler: () => backups.overview(),
    });
    const getSchedule = r['gateway.backups.schedule.get'];
    scope.get(getSchedule.path, {
      schema: { tags, summary: getSchedule.summary, response: { 200: getSchedule.response } },
      handler: () => backups.schedule(),
    });
    const setSchedule = r['gateway.backups.schedule.set'];
    scope.put(setSchedule.path, {
      schema: {
        tags,
        summary: setSchedule.summary,
        body: setSchedule.body,
        response: { 200: setSchedule.response },
      },
      handler: (req) => backups.setSchedule(req.body),
    });
    const run = r['gateway.backups.run'];
    scope.post(run.path, {
      schema: { tags, summary: run.summary, response: { 200: run.response } },
      handler: () => backups.run('run'),
    });
    const versions = r['gateway.backups.versions'];
    scope.get(versions.path, {
      schema: {
        tags,
        summary: versions.summary,
        querystring: versions.query,
        response: { 200: versions.response },
      },
      handler: (req) => store.versions(req.query.ip).map(copyToRecord),
    });
    const restore = r['gateway.backups.restore'];
    scope.post(restore.path, {
      schema: { tags, summary: restore.summary, body: restore.body, response: { 200: restore.response } },
      handler: async (req) => {
        await backups.restore(req.body.id, req.body.ip);
        return { ok: true as const, ip: req.body.ip, id: req.body.id };
      },
    });
    const restoreAll = r['gateway.backups.restoreAll'];
    scope.post(restoreAll.path, {
      schema: {
        tags,
        summary: restoreAll.summary,
        description:
          "Each item is restored as by /api/backups/restore; at most the gateway's restore limit of devices at " +
          "once (ST_BACKUP_RESTORE_CONCURRENCY, 8). One outcome per item in the request's order.",
        body: restoreAll.body,
        response: { 200: restoreAll.response },
      },
      handler: async (req) => ({ results: await backups.restoreMany(req.body.items) }),
    });
    const archive = r['gateway.backups.archive'];
    scope.get(archive.path, {
      schema: { tags, summary: archive.summary },
      handler: (_req, reply) => {
        const zip = buildArchive(
          store.latestAll().map((l) => l.copy),
          new Date(),
          deps.tags?.all(),
        );
        const day = new Date().toISOString().slice(0, 10);
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="smartthing-backups-${day}.zip"`);
        return reply.send(Buffer.from(zip));
      },
    });
    const upload = r['gateway.backups.archive.upload'];
    scope.post(upload.path, {
      bodyLimit: BACKUP_LIMITS.archiveMaxBytes,
      schema: { tags, summary: upload.summary, response: { 200: upload.response } },
      handler: async (req) => {
        if (!Buffer.isBuffer(req.body)) {
          throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Send the zip as ${ARCHIVE_TYPES[0]}`);
        }
        const read = await readArchiveWithTags(req.body);
        const copies = read.copies.map((c) => ({ ...c, source: 'upload' as const }));
        deps.tags?.merge(read.tags);
        const imported = store.insertAll(copies, false);
        backups.flushCloud();
        return { imported, skipped: copies.length - imported };
      },
    });
    const pull = r['gateway.backups.cloud.pull'];
    scope.post(pull.path, {
      schema: { tags, summary: pull.summary, response: { 200: pull.response } },
      handler: async () => {
        const copies = (await deps.fetchCloudCopies()).map((c) => ({ ...c, source: 'cloud' as const }));
        return { fetched: copies.length, imported: store.insertAll(copies, true) };
      },
    });
  });
}

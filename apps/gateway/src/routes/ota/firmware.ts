import type { MultipartFile } from '@fastify/multipart';
import { ApiError, BOARDS, FirmwareInfoInput, OK, OTA_ROUTES } from '@st/protocol';
import type { FastifyRequest } from 'fastify';
import type { FirmwareDraft } from '../../services/ota/firmwareLibrary';
import type { OtaRouteDeps, OtaScope } from './deps';

const DraftSchema = FirmwareInfoInput.partial({ board: true, version: true });

function parseInfo(text: string | undefined): FirmwareDraft {
  if (text === undefined) throw new ApiError('FIRMWARE_INFO_REQUIRED');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ApiError('FIRMWARE_INFO_REQUIRED', 'The info part is not valid JSON');
  }
  const draft = DraftSchema.safeParse(raw);
  if (!draft.success) {
    const issue = draft.error.issues[0];
    const where = issue?.path.join('.') || 'info';
    throw new ApiError('FIRMWARE_INFO_REQUIRED', `${where}: ${issue?.message ?? 'not valid'}`);
  }
  return draft.data;
}

function codeOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}

/** Reads the `info` field and the `file` part of a firmware upload, in either order. */
async function readUpload(req: FastifyRequest, maxBytes: number) {
  let info: string | undefined;
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const f: MultipartFile = part;
        const bytes = await f.toBuffer();
        if (f.fieldname === 'file') file = { name: f.filename, bytes };
      } else if (part.fieldname === 'info' && typeof part.value === 'string') {
        info = part.value;
      }
    }
  } catch (err) {
    const code = codeOf(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError('FIRMWARE_TOO_LARGE', `Firmware file is too large (at most ${maxBytes} bytes)`);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the firmware as multipart/form-data (info + file)');
    }
    if (err instanceof ApiError) throw err;
    // Part limits and broken bodies: send one `info` field and one `file`.
    const detail = err instanceof Error ? err.message : String(err);
    throw new ApiError(
      'VALIDATION_FAILED',
      `Not a valid firmware upload (one info field and one file): ${detail}`,
    );
  }
  return { info, file };
}

export function firmwareRoutes(scope: OtaScope, deps: OtaRouteDeps): void {
  const tags = ['ota'];
  const r = OTA_ROUTES;
  scope.get(r['gateway.ota.firmware.list'].path, {
    schema: {
      tags,
      summary: r['gateway.ota.firmware.list'].summary,
      response: { 200: r['gateway.ota.firmware.list'].response },
    },
    handler: () => deps.library.list(),
  });
  const add = r['gateway.ota.firmware.add'];
  scope.post(add.path, {
    schema: {
      tags,
      summary: add.summary,
      description:
        'multipart/form-data: `info` = JSON {board, type, version} (board and version may be left to the image), `file` = the .bin. Refuses files that are not ESP application images.',
      response: { 201: add.response },
    },
    handler: async (req, reply) => {
      const { info, file } = await readUpload(req, deps.firmwareMaxBytes);
      const draft = parseInfo(info);
      if (!file) throw new ApiError('FIRMWARE_FILE_MISSING');
      const created = deps.library.add(draft, file.name, file.bytes);
      reply.code(add.successStatus);
      return created;
    },
  });
  const update = r['gateway.ota.firmware.update'];
  scope.put(update.path, {
    schema: { tags, summary: update.summary, body: update.body, response: { 200: update.response } },
    handler: (req) => deps.library.update(req.body),
  });
  const remove = r['gateway.ota.firmware.delete'];
  scope.delete(remove.path, {
    schema: { tags, summary: remove.summary, querystring: remove.query, response: { 200: remove.response } },
    handler: (req) => {
      deps.library.delete(req.query.id);
      return OK;
    },
  });
  const download = r['gateway.ota.firmware.download'];
  scope.get(download.path, {
    schema: { tags, summary: download.summary, querystring: download.query },
    handler: (req, reply) => {
      const { firmware } = deps.library.get(req.query.id);
      const bytes = deps.library.read(firmware);
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${firmware.fileName}"`);
      return reply.send(bytes);
    },
  });
  const boards = r['gateway.ota.boards'];
  scope.get(boards.path, {
    schema: { tags, summary: boards.summary, response: { 200: boards.response } },
    handler: () => [...BOARDS],
  });
}

import { randomBytes } from 'node:crypto';
import {
  ApiError,
  decodeLinkBody,
  encodeLinkBody,
  FIRMWARE_UPLOAD_PARTS,
  Firmware,
  isErrorCode,
  Rollout,
  type RolloutCreate,
  SavedDevice,
  TaggedDevice,
  transferAllowanceMs,
} from '@st/protocol';
import { z } from 'zod';
import type { Relay } from '../relay/relay';

/** A device a gateway knows, as a cloud rollout's plan needs it. */
export interface KnownDevice {
  ip: string;
  name: string;
  type: string;
  board: string;
  version?: string;
  tags: string[];
}

const ErrorAnswer = z.looseObject({ code: z.string().optional(), message: z.string().optional() });

/**
 * What the cloud's rollout driver asks a gateway, through its link (the relay, as the user `actor` who runs
 * the rollout). A non-2xx answer is thrown as an ApiError with the gateway's code and message.
 */
export class GatewayCalls {
  constructor(private readonly relay: Relay) {}

  private async call(
    gatewayId: string,
    actor: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: { bytes: Uint8Array; contentType: string },
  ): Promise<{ status: number; bytes: Uint8Array }> {
    const answer = await this.relay.send(
      gatewayId,
      {
        kind: 'relay',
        method,
        url,
        actor,
        headers: body ? { 'content-type': body.contentType } : {},
        ...(body ? { body: encodeLinkBody(body.bytes, body.contentType) } : {}),
      },
      body ? transferAllowanceMs(body.bytes.length) : 0,
    );
    const bytes = answer.body ? decodeLinkBody(answer.body) : new Uint8Array();
    if (answer.status >= 400) {
      const parsed = ErrorAnswer.safeParse(safeJson(bytes));
      const code = parsed.success ? parsed.data.code : undefined;
      const message = `The gateway answered ${answer.status}: ${(parsed.success && parsed.data.message) || 'failed'}`;
      // The gateway's own code when it is one of ours (404 FIRMWARE_NOT_FOUND stays 404), else 502.
      throw new ApiError(code !== undefined && isErrorCode(code) ? code : 'RELAY_FAILED', message);
    }
    return { status: answer.status, bytes };
  }

  private async json<T>(schema: z.ZodType<T>, ...args: Parameters<GatewayCalls['call']>): Promise<T> {
    return schema.parse(safeJson((await this.call(...args)).bytes));
  }

  firmwareList(gatewayId: string, actor: string): Promise<Firmware[]> {
    return this.json(z.array(Firmware), gatewayId, actor, 'GET', '/api/ota/firmware');
  }

  async firmwareFile(gatewayId: string, actor: string, id: string): Promise<Uint8Array> {
    const url = `/api/ota/firmware/download?id=${encodeURIComponent(id)}`;
    return (await this.call(gatewayId, actor, 'GET', url)).bytes;
  }

  /** Puts the file in the gateway's library (multipart: info + file) and answers its entry there. */
  firmwareAdd(
    gatewayId: string,
    actor: string,
    fw: Pick<Firmware, 'type' | 'version' | 'fileName'> & { board: string },
    bytes: Uint8Array,
  ): Promise<Firmware> {
    const boundary = `st-${randomBytes(12).toString('hex')}`;
    const info = JSON.stringify({ board: fw.board, type: fw.type, version: fw.version });
    const head = (name: string, extra: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
    const body = Buffer.concat([
      Buffer.from(`${head(FIRMWARE_UPLOAD_PARTS.info, '')}\r\n${info}\r\n`),
      Buffer.from(
        `${head(FIRMWARE_UPLOAD_PARTS.file, `; filename="${fw.fileName.replace(/"/g, '')}"`)}Content-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const contentType = `multipart/form-data; boundary=${boundary}`;
    return this.json(Firmware, gatewayId, actor, 'POST', '/api/ota/firmware', { bytes: body, contentType });
  }

  /** Devices heard and saved (one entry per address), with a tag filter when given. */
  async devices(gatewayId: string, actor: string, tag?: string): Promise<KnownDevice[]> {
    const q = tag === undefined ? '' : `?tag=${encodeURIComponent(tag)}`;
    const found = await this.json(z.array(TaggedDevice), gatewayId, actor, 'GET', `/api/devices/found${q}`);
    const saved = await this.json(z.array(SavedDevice), gatewayId, actor, 'GET', `/api/devices/saved${q}`);
    const byIp = new Map<string, KnownDevice>();
    for (const d of [...saved, ...found]) {
      const { ip, name, type, board, version } = d;
      byIp.set(ip, { ip, name, type, board, ...(version ? { version } : {}), tags: d.tags ?? [] });
    }
    return [...byIp.values()];
  }

  createRollout(gatewayId: string, actor: string, body: RolloutCreate): Promise<Rollout> {
    const bytes = Buffer.from(JSON.stringify(body));
    const json = { bytes, contentType: 'application/json' };
    return this.json(Rollout, gatewayId, actor, 'POST', '/api/rollouts', json);
  }

  getRollout(gatewayId: string, actor: string, id: string): Promise<Rollout> {
    return this.json(Rollout, gatewayId, actor, 'GET', `/api/rollouts/${encodeURIComponent(id)}`);
  }

  async listRollouts(gatewayId: string, actor: string): Promise<Array<{ id: string; name: string }>> {
    const list = z.array(z.looseObject({ id: z.string(), name: z.string() }));
    return this.json(list, gatewayId, actor, 'GET', '/api/rollouts');
  }

  async act(gatewayId: string, actor: string, id: string, action: string): Promise<void> {
    const bytes = Buffer.from(JSON.stringify({ action }));
    const url = `/api/rollouts/${encodeURIComponent(id)}/action`;
    await this.call(gatewayId, actor, 'POST', url, { bytes, contentType: 'application/json' });
  }
}

function safeJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
}

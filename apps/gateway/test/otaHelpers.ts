import { Firmware, OtaProgressMessage, OtaTask } from '@st/protocol';
import { z } from 'zod';
import { http } from './helpers';

/** Posts a firmware the way the console does: multipart with the `info` JSON text and the `file`. */
export async function addFirmware(
  base: string,
  info: Record<string, unknown>,
  bytes: Uint8Array,
  fileName = 'firmware.bin',
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append('info', JSON.stringify(info));
  form.append('file', new Blob([Uint8Array.from(bytes)]), fileName);
  const res = await fetch(`${base}/api/ota/firmware`, { method: 'POST', body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, body };
}

export async function addFirmwareOk(base: string, info: Record<string, unknown>, bytes: Uint8Array) {
  const res = await addFirmware(base, info, bytes);
  if (res.status !== 201) throw new Error(`firmware upload refused: ${JSON.stringify(res.body)}`);
  return Firmware.parse(res.body);
}

export async function startUpload(base: string, firmwareId: string, ip: string) {
  const res = await http(base, 'POST', `/api/ota/firmware/upload?id=${firmwareId}`, { ip });
  return { status: res.status, body: res.body };
}

export async function history(base: string): Promise<OtaTask[]> {
  return z.array(OtaTask).parse((await http(base, 'GET', '/api/ota/firmware/upload/history')).body);
}

export async function active(base: string): Promise<OtaTask[]> {
  return z.array(OtaTask).parse((await http(base, 'GET', '/api/ota/firmware/upload')).body);
}

export async function finishedTask(base: string, taskId: string): Promise<OtaTask | undefined> {
  return (await history(base)).find((t) => t.taskId === taskId);
}

export const progressMessages = (raw: unknown[]) => raw.map((m) => OtaProgressMessage.parse(m));

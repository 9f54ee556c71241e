import { buildPath, type Firmware, ROUTES } from '@st/protocol';
import { resolveUrl } from '../../api/transport';

/** The gateway's own download link (gateway mode: a plain link does it). */
export function firmwareDownloadUrl(baseUrl: string, firmware: Firmware): string {
  return resolveUrl(
    baseUrl,
    buildPath(ROUTES['gateway.ota.firmware.download'].path, {}, { id: firmware.id }),
  );
}

/**
 * Cloud mode: the file comes through the relay (a POST), so it is fetched as bytes and handed to the
 * browser as a download under the firmware's file name.
 */
export async function downloadThroughCloud(
  baseUrl: string,
  gatewayId: string,
  firmware: Firmware,
): Promise<void> {
  const url = buildPath(ROUTES['gateway.ota.firmware.download'].path, {}, { id: firmware.id });
  const relay = buildPath(ROUTES['cloud.relay.raw'].path, { gatewayId }, { url, method: 'GET' });
  const response = await fetch(resolveUrl(baseUrl, relay), { method: 'POST', credentials: 'include' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = firmware.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

import { buildPath, CLOUD_ROUTES, type Firmware, OTA_ROUTES } from '@st/protocol';
import { resolveUrl } from '../../api/transport';

/** The gateway's own download link (gateway mode: a plain link does it). */
export function firmwareDownloadUrl(baseUrl: string, firmware: Firmware): string {
  return resolveUrl(
    baseUrl,
    buildPath(OTA_ROUTES['gateway.ota.firmware.download'].path, {}, { id: firmware.id }),
  );
}

/**
 * Cloud mode: the file comes through the relay (a POST), so it is fetched as bytes and handed to the
 * browser as a download under the firmware's file name. An expired session is renewed once through
 * `renewSession` (any call of the http client) and the download retried.
 */
export async function downloadThroughCloud(
  baseUrl: string,
  gatewayId: string,
  firmware: Firmware,
  renewSession: () => Promise<unknown>,
): Promise<void> {
  const url = buildPath(OTA_ROUTES['gateway.ota.firmware.download'].path, {}, { id: firmware.id });
  const relay = resolveUrl(
    baseUrl,
    buildPath(CLOUD_ROUTES['cloud.relay.raw'].path, { gatewayId }, { url, method: 'GET' }),
  );
  const fetchFile = () => fetch(relay, { method: 'POST', credentials: 'include' });
  let response = await fetchFile();
  if (response.status === 401) {
    await renewSession();
    response = await fetchFile();
  }
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

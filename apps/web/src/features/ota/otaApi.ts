import {
  CLOUD_ROUTES,
  type DeviceInfo,
  Firmware,
  type FirmwareInfoInput,
  type FirmwareUpdate,
  GATEWAY_ROUTES,
  OTA_ROUTES,
  type OtaTarget,
  TIMEOUTS,
  transferAllowanceMs,
} from '@st/protocol';
import type { GatewayFetch, GatewayTarget } from '../../api/gatewayFetch';
import type { HttpClient } from '../../api/http';
import type { UploadProgress } from '../../api/progressFetch';
import { cloudRequest, gatewayCall } from '../../api/routes';
import type { ConsoleMode } from '../../app/runtime';
import { sortByIp } from '../devices/model/address';

export interface OtaApiContext {
  mode: ConsoleMode;
  http: HttpClient;
  gatewayFetch: GatewayFetch;
  gateway: GatewayTarget | undefined;
}

/** The multipart body of a firmware upload: `info` (JSON text) and `file`. */
function firmwareForm(info: Partial<FirmwareInfoInput> & { type: string }, file: File): FormData {
  const form = new FormData();
  form.append('info', JSON.stringify(info));
  form.append('file', file, file.name);
  return form;
}

/** The gateway's OTA routes: firmware library and upload jobs, direct or through the cloud relay. */
export function otaApi(ctx: OtaApiContext) {
  const { mode, http, gatewayFetch, gateway } = ctx;
  const call = gatewayFetch;
  return {
    firmwares: () => call(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.firmware.list')),
    boards: () => call(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.boards')),
    active: () => call(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.upload.active')),
    history: () =>
      call(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.upload.history', { query: { limit: 50 } })),
    update: (change: FirmwareUpdate) =>
      call(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.firmware.update', { body: change })),
    remove: (id: string) =>
      call(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.firmware.delete', { query: { id } })),
    abort: (taskId: string) =>
      call(gateway, gatewayCall(OTA_ROUTES, 'gateway.ota.upload.abort', { query: { id: taskId } })),
    uploadTo: (firmwareId: string, targets: OtaTarget[]) =>
      call(
        gateway,
        gatewayCall(OTA_ROUTES, 'gateway.ota.upload.batch', { query: { id: firmwareId }, body: targets }),
      ),
    /**
     * Multipart upload; in cloud mode it goes through the relay for raw bodies. It gets time by the file's
     * size: the upload itself, and in cloud mode the relay's own allowance to carry it on to the gateway.
     */
    add: (
      info: Partial<FirmwareInfoInput> & { type: string },
      file: File,
      onUploadProgress?: UploadProgress,
    ): Promise<Firmware> => {
      const body = firmwareForm(info, file);
      const path = OTA_ROUTES['gateway.ota.firmware.add'].path;
      const hops = mode === 'gateway' ? 1 : 2;
      const large = {
        timeoutMs: TIMEOUTS.consoleRequestMs + hops * transferAllowanceMs(file.size),
        ...(onUploadProgress ? { onUploadProgress } : {}),
      };
      if (mode === 'gateway') {
        return http.request({ method: 'POST', path: path, body, schema: Firmware, ...large });
      }
      if (gateway === undefined) return Promise.reject(new Error('No gateway chosen'));
      const relay = cloudRequest(CLOUD_ROUTES, 'cloud.relay.raw', {
        params: { gatewayId: gateway.id },
        query: { url: path, method: 'POST' },
      });
      return http.request({ ...relay, body, schema: Firmware, ...large });
    },
    /** Found and saved devices, one entry per address. */
    devices: async (): Promise<DeviceInfo[]> => {
      const [found, saved] = await Promise.all([
        call(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.found')),
        call(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.saved.list')),
      ]);
      const byIp = new Map<string, DeviceInfo>();
      for (const device of [...saved, ...found]) byIp.set(device.ip, device);
      return sortByIp([...byIp.values()]);
    },
  };
}

export type OtaApi = ReturnType<typeof otaApi>;

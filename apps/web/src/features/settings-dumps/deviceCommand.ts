import type { DeviceCommandName, Gateway } from '@st/protocol';
import type { z } from 'zod';
import { GatewayOfflineError } from '../../api/errors';
import type { HttpClient } from '../../api/http';
import { cloudRequest, gatewayRequest } from '../../api/routes';
import type { ConsoleMode } from '../../app/runtime';

export interface DeviceCommandContext {
  mode: ConsoleMode;
  http: HttpClient;
  /** The gateway the device belongs to (cloud mode); undefined in gateway mode. */
  gateway: Gateway | undefined;
}

/**
 * Runs one device command: `POST /api/device/request` on the gateway, or the cloud relay's device route
 * in cloud mode. The device's answer is parsed with `schema`.
 */
export function runDeviceCommand<T>(
  ctx: DeviceCommandContext,
  device: string,
  command: DeviceCommandName,
  params: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  if (ctx.mode === 'gateway') {
    const request = gatewayRequest('gateway.device.request', { body: { command, device, params } });
    return ctx.http.request({ ...request, schema });
  }
  const gateway = ctx.gateway;
  if (gateway === undefined) throw new Error('A gateway is required to reach a device through the cloud');
  if (!gateway.online) throw new GatewayOfflineError(gateway.name);
  const request = cloudRequest('cloud.relay.device', {
    body: { gatewayId: gateway.id, device, command, params },
  });
  return ctx.http.request({ ...request, schema });
}

import {
  CLOUD_ROUTES,
  ConfigValuesSchema,
  DeviceActionsSchema,
  type DeviceCommandInput,
  type DeviceCommandName,
  DeviceInfoSchema,
  FeaturesSchema,
  GATEWAY_ROUTES,
  HooksListSchema,
  HookTemplatesSchema,
  MetricsSchema,
  SensorsSchema,
  WifiInfoSchema,
} from '@st/protocol';
import { z } from 'zod';
import { GatewayOfflineError } from '../../../api/errors';
import type { GatewayTarget } from '../../../api/gatewayFetch';
import type { HttpClient } from '../../../api/http';
import { cloudRequest, gatewayRequest } from '../../../api/routes';
import type { ConsoleMode } from '../../../app/runtime';

// How the console reads each device answer. Commands that only change something answer whatever the device
// sends (often nothing), so their answer is not used.
const ignored = z.unknown();
export const DEVICE_ANSWERS = {
  health: ignored,
  getWiFi: WifiInfoSchema,
  setWiFi: ignored,
  getInfo: DeviceInfoSchema,
  getActions: DeviceActionsSchema,
  saveName: ignored,
  callAction: ignored,
  actionSchedule: ignored,
  getConfigValues: ConfigValuesSchema,
  saveConfigValues: ignored,
  deleteConfigValue: ignored,
  deleteAllConfigValues: ignored,
  getSensors: SensorsSchema,
  getAllHooks: ignored,
  getHooks: HooksListSchema.transform((list) => list ?? []),
  getHookById: ignored,
  getHooksTemplates: HookTemplatesSchema,
  testHook: ignored,
  createHook: ignored,
  updateHook: ignored,
  deleteHook: ignored,
  // A device without the endpoint answers null: every feature then counts as unknown (shown).
  getFeatures: FeaturesSchema.nullable().transform((f) => f ?? {}),
  getMetrics: MetricsSchema,
  exportSettings: z.string(),
  importSettings: ignored,
  restart: ignored,
  wipe: ignored,
} satisfies Record<DeviceCommandName, z.ZodType>;

export type DeviceAnswer<C extends DeviceCommandName> = z.output<(typeof DEVICE_ANSWERS)[C]>;

export interface DeviceCallerOptions {
  mode: ConsoleMode;
  http: HttpClient;
  /** The gateway the device is behind (cloud mode); undefined in gateway mode. */
  gateway: GatewayTarget | undefined;
  onGatewayOffline: (gateway: GatewayTarget) => void;
}

/** Params are typed by the command; the gateway validates them again (a missing one is its 400). */
export type DeviceCaller = <C extends DeviceCommandName>(
  device: string,
  command: C,
  params?: DeviceCommandInput<C>,
) => Promise<DeviceAnswer<C>>;

function answerSchema<C extends DeviceCommandName>(command: C): z.ZodType<DeviceAnswer<C>> {
  // The table entry's schema, typed by the command name (TypeScript cannot follow the generic lookup).
  return DEVICE_ANSWERS[command] as unknown as z.ZodType<DeviceAnswer<C>>;
}

/**
 * Runs one device command: `POST /api/device/request` on the gateway, or the cloud's device relay
 * (`POST /api/gateway/requests/device`) in cloud mode. The device's answer is parsed with the command's schema;
 * a device error (`{error}`) arrives as an HttpError whose body the caller shows.
 */
export function createDeviceCaller(options: DeviceCallerOptions): DeviceCaller {
  const { mode, http, gateway, onGatewayOffline } = options;
  return async <C extends DeviceCommandName>(
    device: string,
    command: C,
    params?: DeviceCommandInput<C>,
  ): Promise<DeviceAnswer<C>> => {
    const schema = answerSchema(command);
    const body = { command, device, params: params ?? {} };
    if (mode === 'gateway') {
      const request = gatewayRequest(GATEWAY_ROUTES, 'gateway.device.request', { body });
      return http.request({ ...request, schema });
    }
    if (gateway === undefined) throw new Error('A gateway is required to reach a device through the cloud');
    if (gateway.online === false) {
      onGatewayOffline(gateway);
      throw new GatewayOfflineError(gateway.name);
    }
    const request = cloudRequest(CLOUD_ROUTES, 'cloud.relay.device', {
      body: { ...body, gatewayId: gateway.id },
    });
    return http.request({ ...request, schema });
  };
}

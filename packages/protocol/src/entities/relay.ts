import { z } from 'zod';
import { Id } from './common';

// The cloud relay (spec section 7, design.md "The relay"): browser -> cloud -> gateway.

export const HttpMethod = z.enum(['GET', 'POST', 'PUT', 'DELETE']);
export type HttpMethod = z.infer<typeof HttpMethod>;

/** A path on the gateway's own API, with its query string. */
export const GatewayApiUrl = z
  .string({ error: 'Request method and url are required!' })
  .regex(/^\/api\/[^\s#]*$/, 'The url must be a path on the gateway API, starting with /api/');

/** `POST /api/gateway/requests/{gatewayId}`: run one request on the gateway's API. */
export const RelayRequest = z.object({
  url: GatewayApiUrl,
  method: HttpMethod,
  data: z.unknown().optional(),
});
export type RelayRequest = z.infer<typeof RelayRequest>;

/** `POST /api/gateway/requests/{gatewayId}/raw?url=&method=`: the body is sent as is (binary, multipart). */
export const RelayRawQuery = z.object({ url: GatewayApiUrl, method: HttpMethod });
export type RelayRawQuery = z.infer<typeof RelayRawQuery>;

export const RelayGatewayParams = z.object({ gatewayId: Id });
export type RelayGatewayParams = z.infer<typeof RelayGatewayParams>;

/** `POST /api/gateway/requests/device`: one device command on a gateway. `device` is its address. */
export const RelayDeviceRequest = z.object({
  gatewayId: z.string({ error: "Gateway id can't be blank!" }).min(1, "Gateway id can't be blank!"),
  device: z.string({ error: "Target device can't be blank!" }).trim().min(1, "Target device can't be blank!"),
  command: z.string().min(1, 'Command is required'),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type RelayDeviceRequest = z.infer<typeof RelayDeviceRequest>;

/** Commands a user may send to a gateway itself. */
export const GatewayCommand = z.enum(['PING']);
export type GatewayCommand = z.infer<typeof GatewayCommand>;

/** `POST /api/gateway/requests/command`. */
export const RelayCommandRequest = z.object({
  gatewayId: z.string().min(1, "Gateway id can't be blank!"),
  command: GatewayCommand,
  parameters: z.record(z.string(), z.unknown()).default({}),
});
export type RelayCommandRequest = z.infer<typeof RelayCommandRequest>;

/** What a gateway command answered (PING: status 200, data "pong"). */
export const RelayCommandResponse = z.object({ status: z.number().int(), data: z.unknown() });
export type RelayCommandResponse = z.infer<typeof RelayCommandResponse>;

import { z } from 'zod';
import { DeviceInfoSchema, DeviceNotificationBodySchema } from '../device/index';
import { BuildInfo } from '../entities/build';
import { CloudConfig, CloudIdentity, CloudLoginPayload } from '../entities/cloudLink';
import { DeviceIpQuery, IdParams, IdQuery, OkResponse } from '../entities/common';
import { ConnectionProblemAnswer, ConnectionStatus } from '../entities/connection';
import {
  CommandsListing,
  CommandsQuery,
  DeviceLoggerState,
  DeviceRequest,
  LoggerReconnectRequest,
  LoggerReconnectResult,
  LogsQuery,
  SavedDevice,
  SettingsDumpCreate,
  SettingsDumpRecord,
} from '../entities/devices';
import { GatewayAuthState, GatewaySetPasswordRequest, GatewaySignInRequest } from '../entities/gatewayAuth';
import { LocalGatewayNameBody } from '../entities/localName';
import { Notification, NotificationCreated } from '../entities/notifications';
import { FoundDevice } from '../entities/restarting';
import { LogMessage } from '../entities/streamed';
import { DeviceTagFilter } from '../entities/tags';
import { route } from './define';

// Gateway routes other than OTA (./ota): spec section 7 and reference/web-frontend.md sections 5.2-5.4.

const local = { server: 'gateway', relayable: false } as const;
const relayable = { server: 'gateway', relayable: true } as const;

export const GATEWAY_ROUTES = {
  'gateway.build': route({
    ...relayable,
    method: 'GET',
    path: '/api/build',
    response: BuildInfo,
    summary: 'Build info',
  }),

  'gateway.cloud.identity': route({
    ...local,
    method: 'GET',
    path: '/api/cloud/identity',
    response: CloudIdentity.nullable(),
    summary: 'The cloud user and gateway this gateway is logged in as (null when not logged in)',
  }),
  'gateway.cloud.login': route({
    ...local,
    method: 'POST',
    path: '/api/cloud/login',
    body: CloudLoginPayload,
    response: CloudIdentity,
    summary: 'Log in to a cloud with a gateway token',
  }),
  'gateway.cloud.logout': route({
    ...local,
    method: 'DELETE',
    path: '/api/cloud/logout',
    response: OkResponse,
    summary: 'Forget the cloud (and delete the token there)',
  }),
  'gateway.cloud.config': route({
    ...local,
    method: 'GET',
    path: '/api/cloud/config',
    response: CloudConfig.nullable(),
    summary: 'The cloud URL (never the token); null when not logged in',
  }),
  'gateway.cloud.status': route({
    ...local,
    method: 'GET',
    path: '/api/cloud/connection/status',
    response: ConnectionStatus,
    summary: 'The cloud connection status, as a bare JSON string',
  }),
  'gateway.cloud.connect': route({
    ...local,
    method: 'PUT',
    path: '/api/cloud/connection/connect',
    response: OkResponse,
    summary: 'Connect to the cloud (and keep reconnecting)',
  }),
  'gateway.cloud.disconnect': route({
    ...local,
    method: 'PUT',
    path: '/api/cloud/connection/disconnect',
    response: OkResponse,
    summary: 'Disconnect from the cloud',
  }),

  'gateway.device.request': route({
    ...local,
    method: 'POST',
    path: '/api/device/request',
    body: DeviceRequest,
    response: z.unknown(),
    responseKind: 'passthrough',
    summary: "Run a device command; the device's status and body pass through",
  }),
  'gateway.device.commands': route({
    ...relayable,
    method: 'GET',
    path: '/api/device/request/commands',
    query: CommandsQuery,
    response: CommandsListing,
    summary: 'The commands a device supports, with their params',
  }),

  'gateway.devices.searchEnabled': route({
    ...relayable,
    method: 'GET',
    path: '/api/devices/search/enabled',
    response: z.boolean(),
    summary: 'Whether discovery is listening',
  }),
  'gateway.devices.found': route({
    ...relayable,
    method: 'GET',
    path: '/api/devices/found',
    query: DeviceTagFilter,
    response: z.array(FoundDevice),
    summary: 'Devices heard on the network (restarting: held while they restart on purpose)',
  }),
  'gateway.devices.saved.list': route({
    ...relayable,
    method: 'GET',
    path: '/api/devices/saved',
    query: DeviceTagFilter,
    response: z.array(SavedDevice),
    summary: 'Saved devices',
  }),
  'gateway.devices.saved.add': route({
    ...relayable,
    method: 'POST',
    path: '/api/devices/saved',
    query: DeviceIpQuery,
    response: SavedDevice,
    summary: 'Save the device at this address (asks it for its info)',
  }),
  'gateway.devices.saved.update': route({
    ...relayable,
    method: 'PUT',
    path: '/api/devices/saved',
    query: DeviceIpQuery,
    response: SavedDevice,
    summary: "Refresh a saved device's info from the device",
  }),
  'gateway.devices.saved.delete': route({
    ...relayable,
    method: 'DELETE',
    path: '/api/devices/saved',
    query: DeviceIpQuery,
    response: OkResponse,
    summary: 'Forget a saved device',
  }),
  'gateway.devices.settings.list': route({
    ...relayable,
    method: 'GET',
    path: '/api/devices/settings',
    response: z.array(SettingsDumpRecord),
    summary: 'Saved settings dumps, newest first',
  }),
  'gateway.devices.settings.get': route({
    ...relayable,
    method: 'GET',
    path: '/api/devices/settings/:id',
    params: IdParams,
    response: SettingsDumpRecord,
    summary: 'One saved settings dump',
  }),
  'gateway.devices.settings.create': route({
    ...relayable,
    method: 'POST',
    path: '/api/devices/settings',
    body: SettingsDumpCreate,
    response: SettingsDumpRecord,
    successStatus: 201,
    summary: 'Save a settings dump exported from a device',
  }),
  'gateway.devices.settings.delete': route({
    ...relayable,
    method: 'DELETE',
    path: '/api/devices/settings/:id',
    params: IdParams,
    response: OkResponse,
    summary: 'Delete a saved settings dump',
  }),
  'gateway.devices.logs': route({
    ...relayable,
    method: 'GET',
    path: '/api/devices/logs',
    query: LogsQuery,
    response: z.array(LogMessage),
    summary: 'Device log history, filtered, newest first',
  }),
  'gateway.devices.loggers': route({
    ...relayable,
    method: 'GET',
    path: '/api/devices/loggers',
    response: z.array(DeviceLoggerState),
    summary: "Known devices and whether each one's network logger is connected to the gateway",
  }),
  'gateway.devices.loggers.reconnect': route({
    ...relayable,
    method: 'POST',
    path: '/api/devices/loggers/reconnect',
    body: LoggerReconnectRequest,
    response: LoggerReconnectResult,
    summary: "Write the device's log address again so its logger reconnects (the firmware's only way back)",
  }),

  'gateway.notifications.list': route({
    ...relayable,
    method: 'GET',
    path: '/api/notification',
    response: z.array(Notification),
    summary: 'Unseen notifications, newest first',
  }),
  'gateway.notifications.seen': route({
    ...relayable,
    method: 'DELETE',
    path: '/api/notification',
    query: IdQuery,
    response: OkResponse,
    summary: 'Mark a notification seen (idempotent)',
  }),
  'gateway.notifications.create': route({
    ...local,
    method: 'POST',
    path: '/api/notification',
    body: DeviceNotificationBodySchema,
    response: NotificationCreated,
    summary: 'Devices post their notifications here',
  }),
  'gateway.cloud.problem': route({
    ...local,
    method: 'GET',
    path: '/api/cloud/connection/problem',
    response: ConnectionProblemAnswer,
    summary: 'Why the cloud link is down when retrying cannot help (the cloud refused the token), or null',
  }),
  'gateway.auth.state': route({
    ...local,
    method: 'GET',
    path: '/api/gateway/auth',
    response: GatewayAuthState,
    summary: 'Whether a password protects this gateway, and whether the caller is signed in',
  }),
  'gateway.auth.signIn': route({
    ...local,
    method: 'POST',
    path: '/api/gateway/auth/sign-in',
    body: GatewaySignInRequest,
    response: GatewayAuthState,
    summary: 'Sign in with the gateway password (rate limited); sets the session cookie',
  }),
  'gateway.auth.signOut': route({
    ...local,
    method: 'POST',
    path: '/api/gateway/auth/sign-out',
    response: GatewayAuthState,
    summary: 'Ends the session of this browser',
  }),
  'gateway.auth.setPassword': route({
    ...local,
    method: 'POST',
    path: '/api/gateway/auth/password',
    body: GatewaySetPasswordRequest,
    response: GatewayAuthState,
    summary: 'Sets the first password from the console (409 once one is set); signs the caller in',
  }),
  'gateway.name.get': route({
    ...relayable,
    method: 'GET',
    path: '/api/gateway/name',
    response: LocalGatewayNameBody,
    summary: "The gateway's local name (defaults to its host name)",
  }),
  'gateway.name.set': route({
    ...relayable,
    method: 'PUT',
    path: '/api/gateway/name',
    body: LocalGatewayNameBody,
    response: LocalGatewayNameBody,
    summary: 'Rename the gateway locally (1..64 characters, no control characters)',
  }),
} as const;

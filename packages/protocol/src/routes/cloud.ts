import { z } from 'zod';
import { BuildInfo } from '../entities/build';
import {
  CloudAuthentication,
  Gateway,
  GatewayCreateRequest,
  GatewayUpdateRequest,
  RefreshRequest,
  RefreshResponse,
  TokenResponse,
  UserLoginRequest,
  UserLoginResponse,
} from '../entities/cloud';
import { IdParams, OkResponse } from '../entities/common';
import { FleetGateway, FleetQuery } from '../entities/fleet';
import { ReadinessResponse } from '../entities/health';
import {
  RelayCommandRequest,
  RelayCommandResponse,
  RelayDeviceRequest,
  RelayGatewayParams,
  RelayRawQuery,
  RelayRequest,
} from '../entities/relay';
import { route } from './define';

// Cloud routes: spec section 7, with the "not shown" paths from reference/web-frontend.md section 5.1.

const cloud = { server: 'cloud', relayable: false } as const;
const passthrough = { response: z.unknown(), responseKind: 'passthrough' } as const;

export const CLOUD_ROUTES = {
  'cloud.build': route({
    ...cloud,
    method: 'GET',
    path: '/api/build',
    response: BuildInfo,
    summary: 'Build info',
  }),
  'cloud.auth.current': route({
    ...cloud,
    method: 'GET',
    path: '/api/auth',
    response: CloudAuthentication,
    summary: 'Who is calling (a user, or a gateway with its user)',
  }),
  'cloud.auth.login': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user',
    body: UserLoginRequest,
    response: UserLoginResponse,
    summary: 'User login: sets the access cookie, returns the refresh token',
  }),
  'cloud.auth.refresh': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/refresh',
    body: RefreshRequest,
    response: RefreshResponse,
    summary: 'Rotate the refresh token and renew the access cookie',
  }),
  'cloud.auth.logout': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/user/logout',
    body: z.looseObject({}).optional(),
    response: OkResponse,
    summary: 'User logout: ends the session',
  }),
  'cloud.gatewayToken.create': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/gateway/:id',
    params: IdParams,
    response: TokenResponse,
    summary: "Make a gateway's token (replaces an old one)",
  }),
  'cloud.gatewayToken.delete': route({
    ...cloud,
    method: 'POST',
    path: '/api/auth/gateway/logout/:id',
    params: IdParams,
    response: OkResponse,
    summary: "Delete a gateway's token and close its link",
  }),
  'cloud.gateways.list': route({
    ...cloud,
    method: 'GET',
    path: '/api/gateway/management/list',
    response: z.array(Gateway),
    summary: "The caller's gateways",
  }),
  'cloud.fleet.overview': route({
    ...cloud,
    method: 'GET',
    path: '/api/fleet',
    query: FleetQuery,
    response: z.array(FleetGateway),
    summary:
      "The caller's gateways with their fleets' counts; `q` searches gateway names, sites and device names",
  }),
  'cloud.gateways.get': route({
    ...cloud,
    method: 'GET',
    path: '/api/gateway/management/:id',
    params: IdParams,
    response: Gateway,
    summary: 'One gateway',
  }),
  'cloud.gateways.create': route({
    ...cloud,
    method: 'POST',
    path: '/api/gateway/management/create',
    body: GatewayCreateRequest,
    response: Gateway,
    successStatus: 201,
    summary: 'Create a gateway',
  }),
  'cloud.gateways.update': route({
    ...cloud,
    method: 'PUT',
    path: '/api/gateway/management/update',
    body: GatewayUpdateRequest,
    response: Gateway,
    summary: "Change a gateway's name and description",
  }),
  'cloud.gateways.delete': route({
    ...cloud,
    method: 'DELETE',
    path: '/api/gateway/management/delete/:id',
    params: IdParams,
    response: OkResponse,
    summary: 'Delete a gateway (and its token)',
  }),
  'cloud.relay.request': route({
    ...cloud,
    ...passthrough,
    method: 'POST',
    path: '/api/gateway/requests/:gatewayId',
    params: RelayGatewayParams,
    body: RelayRequest,
    summary: "Run a request on a gateway's API; its status and body pass through",
  }),
  'cloud.relay.raw': route({
    ...cloud,
    ...passthrough,
    method: 'POST',
    path: '/api/gateway/requests/:gatewayId/raw',
    params: RelayGatewayParams,
    query: RelayRawQuery,
    bodyKind: 'raw',
    summary: "Run a request with a binary or multipart body (e.g. a firmware upload) on a gateway's API",
  }),
  'cloud.relay.device': route({
    ...cloud,
    ...passthrough,
    method: 'POST',
    path: '/api/gateway/requests/device',
    body: RelayDeviceRequest,
    summary: "Run a device command on a gateway; the device's answer passes through",
  }),
  'cloud.relay.command': route({
    ...cloud,
    method: 'POST',
    path: '/api/gateway/requests/command',
    body: RelayCommandRequest,
    response: RelayCommandResponse,
    summary: 'Send a command to a gateway itself (PING)',
  }),
  'cloud.ready': route({
    ...cloud,
    method: 'GET',
    path: '/api/ready',
    response: ReadinessResponse,
    summary:
      'Readiness for a load balancer: 200 when the database and Redis answer, 503 when not or stopping',
  }),
} as const;

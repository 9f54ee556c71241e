import type { z } from 'zod';
import { ACCOUNT_ROUTES } from './accounts';
import { ALERT_ROUTES } from './alerts';
import { BACKUP_CLOUD_ROUTES, BACKUP_ROUTES } from './backups';
import { CLOUD_ROUTES } from './cloud';
import { CLOUD_ROLLOUT_ROUTES } from './cloudRollouts';
import type { RouteDef } from './define';
import { GATEWAY_ROUTES } from './gateway';
import { HISTORY_ROUTES } from './history';
import { INTEGRATION_ROUTES } from './integrations';
import { OTA_ROUTES } from './ota';
import { PASSKEY_ROUTES } from './passkeys';
import { ROLLOUT_ROUTES, TAG_ROUTES } from './rollouts';
import { SIGN_IN_ROUTES } from './signIn';
import { SSO_ROUTES } from './sso';

/** Every HTTP route of the cloud and the gateway, by name. The name fixes every schema and type. */
export const ROUTES = {
  ...CLOUD_ROUTES,
  ...CLOUD_ROLLOUT_ROUTES,
  ...GATEWAY_ROUTES,
  ...OTA_ROUTES,
  ...TAG_ROUTES,
  ...ROLLOUT_ROUTES,
  ...ACCOUNT_ROUTES,
  ...ALERT_ROUTES,
  ...BACKUP_ROUTES,
  ...BACKUP_CLOUD_ROUTES,
  ...INTEGRATION_ROUTES,
  ...HISTORY_ROUTES,
  ...SIGN_IN_ROUTES,
  ...PASSKEY_ROUTES,
  ...SSO_ROUTES,
} as const;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;
export type CloudRouteName =
  | keyof typeof CLOUD_ROUTES
  | keyof typeof CLOUD_ROLLOUT_ROUTES
  | keyof typeof ACCOUNT_ROUTES
  | Extract<keyof typeof ALERT_ROUTES, `cloud.${string}`>
  | keyof typeof BACKUP_CLOUD_ROUTES
  | keyof typeof PASSKEY_ROUTES
  | keyof typeof SSO_ROUTES
  | keyof typeof SIGN_IN_ROUTES;
export type GatewayRouteName =
  | keyof typeof GATEWAY_ROUTES
  | keyof typeof OTA_ROUTES
  | keyof typeof TAG_ROUTES
  | keyof typeof ROLLOUT_ROUTES
  | Extract<keyof typeof ALERT_ROUTES, `gateway.${string}`>
  | keyof typeof BACKUP_ROUTES
  | keyof typeof INTEGRATION_ROUTES
  | keyof typeof HISTORY_ROUTES;

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

export function routeDef(name: RouteName): RouteDef {
  return ROUTES[name];
}

type Part<N extends RouteName, K extends 'params' | 'query' | 'body'> =
  Routes[N] extends Record<K, infer S extends z.ZodType> ? S : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives, after parsing. */
export type RouteParams<N extends RouteName> = Output<Part<N, 'params'>>;
export type RouteQuery<N extends RouteName> = Output<Part<N, 'query'>>;
export type RouteBody<N extends RouteName> = Output<Part<N, 'body'>>;
/** What a client sends (defaults still optional). */
export type RouteParamsInput<N extends RouteName> = Input<Part<N, 'params'>>;
export type RouteQueryInput<N extends RouteName> = Input<Part<N, 'query'>>;
export type RouteBodyInput<N extends RouteName> = Input<Part<N, 'body'>>;
/** What a successful answer holds. */
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;

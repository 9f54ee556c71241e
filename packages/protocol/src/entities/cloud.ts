import { z } from 'zod';
import { GATEWAY_LIMITS } from '../limits';
import { plainName } from '../text';
import { GatewayRole } from './accounts';
import { CloudUser } from './cloudLink';
import { Id } from './common';
import { GatewayRef } from './gatewayRef';

// Cloud users, gateways, sessions and gateway tokens (spec section 3).

export const Gateway = GatewayRef.extend({
  online: z.boolean(),
  haveToken: z.boolean(),
  /** the caller's role on it (issue 20); `sharedBy`: the creator's login when shared with the caller */
  role: GatewayRole.optional(),
  sharedBy: z.string().nullable().optional(),
  /** short free text set by its operators and owners (issue 37), to pick gateways by */
  tags: z.array(z.string()).optional(),
});
export type Gateway = z.infer<typeof Gateway>;

export const GatewayName = plainName(
  z
    .string()
    .trim()
    .min(1, "Gateway name can't be blank")
    .max(
      GATEWAY_LIMITS.nameMaxLength,
      `Gateway name must be at most ${GATEWAY_LIMITS.nameMaxLength} characters`,
    ),
);

export const GatewayDescription = plainName(
  z
    .string()
    .trim()
    .max(
      GATEWAY_LIMITS.descriptionMaxLength,
      `Gateway description must be at most ${GATEWAY_LIMITS.descriptionMaxLength} characters`,
    ),
);

export const GatewayCreateRequest = z.object({
  name: GatewayName,
  description: GatewayDescription.default(''),
});
export type GatewayCreateRequest = z.infer<typeof GatewayCreateRequest>;

export const GatewayUpdateRequest = GatewayCreateRequest.extend({ id: Id });
export type GatewayUpdateRequest = z.infer<typeof GatewayUpdateRequest>;

/** `GET /api/auth`: who is calling. `gateway` is set only for a gateway token. */
export const CloudAuthentication = z.object({ user: CloudUser, gateway: GatewayRef.nullable() });
export type CloudAuthentication = z.infer<typeof CloudAuthentication>;

/** `POST /api/auth/gateway/{id}`: the new gateway token (shown once). */
export const TokenResponse = z.object({ token: z.string().min(1) });
export type TokenResponse = z.infer<typeof TokenResponse>;

const required = 'Login and password are required!';
export const UserLoginRequest = z.object({
  login: plainName(z.string({ error: required }).trim().min(1, required)),
  password: z.string({ error: required }).min(1, required),
});
export type UserLoginRequest = z.infer<typeof UserLoginRequest>;

/** The access token travels in an httpOnly cookie; the body carries only the refresh token. */
export const UserLoginResponse = z.object({ refresh: z.string().min(1) });
export type UserLoginResponse = z.infer<typeof UserLoginResponse>;

export const RefreshRequest = z.object({ refreshToken: z.string().min(1, 'No refresh token') });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const RefreshResponse = z.object({ refresh: z.string().min(1) });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const GatewayEventType = z.enum(['CONNECTED', 'DISCONNECTED']);
export type GatewayEventType = z.infer<typeof GatewayEventType>;

/** On /secured/events: a gateway of the user came online or went offline. */
export const GatewayEvent = z.object({ gateway: GatewayRef, event: GatewayEventType });
export type GatewayEvent = z.infer<typeof GatewayEvent>;

import { ApiError } from '@st/protocol';

/** The cloud's deliberate error answers, by catalog code, with messages a person can act on. */
export const cloudErrors = {
  unauthenticated: () => new ApiError('UNAUTHENTICATED'),
  wrongCredentials: () => new ApiError('WRONG_CREDENTIALS'),
  userOnly: () => new ApiError('USER_TOKEN_REQUIRED'),
  gatewayOnly: () => new ApiError('GATEWAY_TOKEN_REQUIRED'),
  rateLimited: (seconds: number) =>
    new ApiError('RATE_LIMITED', `Too many login attempts. Try again in ${seconds} s.`),
  refreshInvalid: () => new ApiError('REFRESH_TOKEN_INVALID'),
  refreshReused: () => new ApiError('REFRESH_TOKEN_REUSED'),
  gatewayNotFound: (id: string) => new ApiError('GATEWAY_NOT_FOUND', `Gateway ${id} not found`),
  gatewayNameTaken: (name: string) =>
    new ApiError('GATEWAY_NAME_TAKEN', `You already have a gateway named "${name}"`),
  gatewayOffline: () => new ApiError('GATEWAY_OFFLINE'),
  relayTimeout: (ms: number) => new ApiError('RELAY_TIMEOUT', `The gateway did not answer within ${ms} ms`),
};

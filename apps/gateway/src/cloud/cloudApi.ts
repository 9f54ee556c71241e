import {
  ApiError,
  CloudAuthentication,
  type CloudIdentity,
  GATEWAY_TOKEN_HEADER,
  STOMP_PATH,
  TIMEOUTS,
} from '@st/protocol';

/** `{cloudUrl}/{path}`, keeping any base path of the cloud URL. */
export function cloudEndpoint(cloudUrl: string, path: string): string {
  const base = cloudUrl.endsWith('/') ? cloudUrl : `${cloudUrl}/`;
  return new URL(path.replace(/^\//, ''), base).toString();
}

/** The link's websocket URL: only the scheme changes (http -> ws, https -> wss). */
export function linkUrl(cloudUrl: string): string {
  return cloudEndpoint(cloudUrl, STOMP_PATH).replace(/^http/, 'ws');
}

/**
 * Asks the cloud who this token belongs to (`GET /api/auth`). A refused token is 401 "Access denied. Wrong
 * token?"; an unreachable or failing cloud is 503 "Cloud is unavailable".
 */
export async function fetchIdentity(cloudUrl: string, token: string): Promise<CloudIdentity> {
  let res: Response;
  try {
    res = await fetch(cloudEndpoint(cloudUrl, 'api/auth'), {
      headers: { [GATEWAY_TOKEN_HEADER]: token, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUTS.relayMs),
    });
  } catch {
    throw new ApiError('CLOUD_UNAVAILABLE');
  }
  if (res.status === 401 || res.status === 403) throw new ApiError('CLOUD_ACCESS_DENIED');
  if (!res.ok) throw new ApiError('CLOUD_UNAVAILABLE');
  const parsed = CloudAuthentication.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success)
    throw new ApiError('CLOUD_UNAVAILABLE', 'The cloud sent an answer that could not be understood');
  const { user, gateway } = parsed.data;
  if (!gateway) throw new ApiError('CLOUD_ACCESS_DENIED');
  return { user, gateway };
}

/** Tells the cloud to delete this gateway's token (best effort: logout goes on when the cloud is away). */
export async function revokeToken(cloudUrl: string, token: string, gatewayId: string): Promise<void> {
  try {
    await fetch(cloudEndpoint(cloudUrl, `api/auth/gateway/logout/${encodeURIComponent(gatewayId)}`), {
      method: 'POST',
      headers: { [GATEWAY_TOKEN_HEADER]: token },
      signal: AbortSignal.timeout(TIMEOUTS.relayMs),
    });
  } catch {
    // the cloud is unreachable: the local logout still happens
  }
}

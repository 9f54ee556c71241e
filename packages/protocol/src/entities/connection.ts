import { z } from 'zod';

// The gateway's cloud connection status (spec section 4), published on /connection/status.

export const ConnectionStatus = z.enum([
  'NOT_CONNECTED',
  'CONNECTING',
  'CONNECTED',
  'CONNECTION_LOST',
  'DISCONNECTED',
  'FAILED_TO_CONNECT',
  'RECONNECTING',
]);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/**
 * Why the link is not up when retrying cannot help: the cloud refused the gateway's token (deleted or
 * wrong). The gateway stops retrying until the user reconnects or logs in with a new token.
 */
export const ConnectionProblem = z.enum(['TOKEN_REFUSED']);
export type ConnectionProblem = z.infer<typeof ConnectionProblem>;

/** `GET /api/cloud/connection/problem`: the current problem, null when there is none. */
export const ConnectionProblemAnswer = z.object({ problem: ConnectionProblem.nullable() });
export type ConnectionProblemAnswer = z.infer<typeof ConnectionProblemAnswer>;

/** The live message on /connection/status. (`GET /api/cloud/connection/status` answers the bare string.) */
export const ConnectionStatusMessage = z.object({
  status: ConnectionStatus,
  problem: ConnectionProblem.optional(),
});
export type ConnectionStatusMessage = z.infer<typeof ConnectionStatusMessage>;

const RECONNECTABLE: ReadonlySet<ConnectionStatus> = new Set([
  'CONNECTION_LOST',
  'DISCONNECTED',
  'FAILED_TO_CONNECT',
  'NOT_CONNECTED',
]);

/** The status widget offers Reconnect in these states (spec section 2). */
export function canReconnect(status: ConnectionStatus): boolean {
  return RECONNECTABLE.has(status);
}

/** The status widget offers Disconnect only while connected. */
export function canDisconnect(status: ConnectionStatus): boolean {
  return status === 'CONNECTED';
}

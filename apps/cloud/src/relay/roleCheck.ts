import {
  type Access,
  ApiError,
  decodeLinkBody,
  deviceCommandAccess,
  GATEWAY_COMMAND_ACCESS,
  type GatewayRole,
  isSecretRead,
  type LinkResponse,
  maskSecretAnswer,
  type RouteName,
} from '@st/protocol';
import type { OutgoingRequest } from './relay';
import { relayRequestAccessKept } from './urlMemo';

/** What a relayed call is, for the role check and the audit trail. */
export interface RelayCallClass {
  access: Access;
  /** the device command, or the gateway route name (or METHOD path when unknown) */
  command: string;
  device: string | null;
  /** the gateway route, when the call is a known relayed route */
  route?: RouteName;
}

/** Classes a relayed call by the protocol's read/write maps (design.md Round 3). */
export function classifyRelayCall(request: OutgoingRequest): RelayCallClass {
  switch (request.kind) {
    case 'device':
      return {
        access: deviceCommandAccess(request.command),
        command: request.command,
        device: request.device,
      };
    case 'command':
      return { access: GATEWAY_COMMAND_ACCESS[request.command], command: request.command, device: null };
    case 'relay': {
      const { access, route } = relayRequestAccessKept(request.method, request.url);
      const path = request.url.split('?', 1)[0] ?? request.url;
      return {
        access,
        command: route ?? `${request.method} ${path}`,
        device: null,
        ...(route ? { route } : {}),
      };
    }
  }
}

/**
 * The role check, a step of its own before the call reaches the link: a viewer may only read; operators and
 * owners may write. Throws 403 ROLE_FORBIDDEN with a message naming what was refused.
 */
export function checkRelayRole(role: GatewayRole, call: RelayCallClass): void {
  if (call.access === 'write' && role === 'viewer') {
    throw new ApiError(
      'ROLE_FORBIDDEN',
      `A viewer cannot run ${call.command}: ask an owner for the operator role`,
    );
  }
}

/**
 * The answer as the caller's role may see it: a viewer gets the secret-holding reads (settings dumps: the Wi-Fi
 * password) masked; operators and owners get every answer unchanged. An answer that cannot be masked is refused
 * (502 RELAY_FAILED), never passed on.
 */
export function answerForRole(role: GatewayRole, call: RelayCallClass, answer: LinkResponse): LinkResponse {
  if (role !== 'viewer' || !call.route || !isSecretRead(call.route)) return answer;
  if (answer.status < 200 || answer.status >= 300 || !answer.body) return answer;
  const text = Buffer.from(decodeLinkBody(answer.body)).toString('utf8');
  const masked = maskSecretAnswer(call.route, text);
  if (masked === null) {
    throw new ApiError(
      'RELAY_FAILED',
      `The gateway's answer to ${call.command} could not be masked for a viewer`,
    );
  }
  return { ...answer, body: { encoding: 'utf8', text: masked } };
}

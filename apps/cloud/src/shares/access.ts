import { ApiError, type GatewayRole, ROLE_RANK } from '@st/protocol';
import type { MemberView } from '../gateways/store';
import { cloudErrors } from '../http/errors';

/**
 * The caller's view of the gateway if their role is at least `min`. A gateway they cannot see is 404 (as it was
 * before sharing existed); one they see with too small a role is 403 ROLE_FORBIDDEN.
 */
export function requireRole(
  member: MemberView | undefined,
  gatewayId: string,
  min: GatewayRole,
  what: string,
): MemberView {
  if (!member) throw cloudErrors.gatewayNotFound(gatewayId);
  if (ROLE_RANK[member.role] < ROLE_RANK[min]) {
    throw new ApiError(
      'ROLE_FORBIDDEN',
      `Only an ${min} of this gateway may ${what} (your role: ${member.role})`,
    );
  }
  return member;
}

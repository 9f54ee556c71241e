import { ApiError, type GatewayRole, ROLE_RANK } from '@st/protocol';
import type { UserPrincipal } from './principal';

/** The most a token's scope lets it do on a gateway: read = a viewer's rights, operate = an operator's. */
const SCOPE_ROLE = { read: 'viewer', operate: 'operator' } as const;

/** May this caller reach this gateway at all (a token limited to some gateways refuses the others)? */
export function tokenReaches(p: UserPrincipal, gatewayId: string): boolean {
  const ids = p.apiToken?.gatewayIds;
  return !ids || ids.includes(gatewayId);
}

/**
 * The role the caller acts with on a gateway: their own, capped by their API token's scope (never more than the
 * user). A token limited to other gateways is refused here with 403 API_TOKEN_SCOPE.
 */
export function effectiveRole(p: UserPrincipal, gatewayId: string, role: GatewayRole): GatewayRole {
  const token = p.apiToken;
  if (!token) return role;
  if (!tokenReaches(p, gatewayId)) {
    throw new ApiError('API_TOKEN_SCOPE', `The API token "${token.name}" is not for gateway ${gatewayId}`);
  }
  const cap = SCOPE_ROLE[token.scope];
  return ROLE_RANK[cap] < ROLE_RANK[role] ? cap : role;
}

/** A write through a read token: refused with words that name the token (not the user's role). */
export function refuseReadTokenWrite(p: UserPrincipal, what: string): void {
  if (p.apiToken?.scope === 'read') {
    throw new ApiError(
      'API_TOKEN_SCOPE',
      `The API token "${p.apiToken.name}" may only read: ${what} is a write`,
    );
  }
}

import type { ErrorCode } from '@st/protocol';

export interface SsoPolicy {
  /** e-mail domains allowed (lower case); empty: any */
  allowedDomains: string[];
  /** `claim=value` the ID token must carry (the value, or a list holding it) */
  requiredClaim: string | undefined;
}

/** The verified e-mail of the claims (lower case), or undefined when there is none or it is not verified. */
export function verifiedEmail(claims: Record<string, unknown>): string | undefined {
  const email = claims.email;
  if (typeof email !== 'string' || !email.includes('@')) return undefined;
  // some providers send "true" as text
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified ? email.trim().toLowerCase() : undefined;
}

/** Whether these claims may sign in at all (every sign-in, linked or not): undefined, or the refusal's code. */
export function refusal(policy: SsoPolicy, claims: Record<string, unknown>): ErrorCode | undefined {
  if (policy.requiredClaim !== undefined) {
    const at = policy.requiredClaim.indexOf('=');
    const name = policy.requiredClaim.slice(0, at);
    const want = policy.requiredClaim.slice(at + 1);
    const have = claims[name];
    const ok = Array.isArray(have)
      ? have.some((v) => String(v) === want)
      : have !== undefined && String(have) === want;
    if (!ok) return 'SSO_NOT_ALLOWED';
  }
  if (policy.allowedDomains.length > 0) {
    const email = verifiedEmail(claims);
    if (!email) return 'SSO_EMAIL_UNVERIFIED';
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (!policy.allowedDomains.includes(domain)) return 'SSO_NOT_ALLOWED';
  }
  return undefined;
}

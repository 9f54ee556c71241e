// The bench's administrator: signs in once and creates the gateways the link holders will link as.
import { Gateway, TokenResponse } from '@st/protocol';

export type AdminCall = (
  base: string,
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

/** Runs `fn` for 0..n-1, `size` at a time. */
export async function inBatches<T>(n: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => fn(i + j)))));
  }
  return out;
}

/** Signs the administrator in on `base`; the session cookie and a JSON caller that sends it (to any node). */
export async function adminSession(base: string, login: string, password: string) {
  const res = await fetch(`${base}/api/auth/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call: AdminCall = async (node, method, path, body) => {
    const r = await fetch(node + path, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: r.status, body: (await r.json()) as unknown };
  };
  return { cookie, call };
}

/** `count` gateways with a token each, created round robin over the nodes (64 at a time). */
export function createGateways(call: AdminCall, nodeUrls: readonly string[], count: number) {
  return inBatches(count, 64, async (i) => {
    const base = nodeUrls[i % nodeUrls.length] as string;
    const gw = Gateway.parse(
      (await call(base, 'POST', '/api/gateway/management/create', { name: `gw-${i}` })).body,
    );
    const tok = TokenResponse.parse((await call(base, 'POST', `/api/auth/gateway/${gw.id}`)).body);
    return { id: gw.id, token: tok.token };
  });
}

import { checkRelayUrl, relayRequestAccess } from '@st/protocol';

/**
 * A pure function of (method, url) with its recent answers kept: the relay checks the same few URLs over and
 * over (a console polls its gateways' devices), and the checks (canonical form through a URL parser, the
 * allow-list, the read/write class) cost more than a map lookup. At most `max` answers for URLs of at most
 * `maxUrl` characters are kept (under 1 MiB), the oldest go first; whatever the input, the answer is the
 * function's own.
 */
export function memoByUrl<T>(
  fn: (method: string, url: string) => T,
  max = 1024,
  maxUrl = 256,
): (method: string, url: string) => T {
  const kept = new Map<string, T>();
  return (method, url) => {
    if (url.length > maxUrl) return fn(method, url);
    const key = `${method}\n${url}`;
    const known = kept.get(key);
    if (known !== undefined) return known;
    const answer = fn(method, url);
    kept.set(key, answer);
    if (kept.size > max) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    return answer;
  };
}

/** checkRelayUrl, memoised (relay/routes.ts). */
export const checkRelayUrlKept = memoByUrl(checkRelayUrl);

/** relayRequestAccess, memoised (relay/roleCheck.ts). */
export const relayRequestAccessKept = memoByUrl(relayRequestAccess);

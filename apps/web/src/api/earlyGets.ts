// Answers the first screen needs, asked for at start-up (issue 21: the device list at 4x CPU). The console's
// chunks download and evaluate for a second or more before the screen asks for its data; these GETs go out
// beside them, and the screen's own request for the same URL takes the answer instead of asking again.
// Kept free of the route catalog and zod: it is part of the start-up chunk.

/** An early answer older than this is not used (the screen asks anew). */
export const EARLY_FRESH_MS = 10_000;

interface Early {
  at: number;
  response: Promise<Response | undefined>;
}

const early = new Map<string, Early>();

/** GETs `urls` now (same credentials and headers as the console's own requests), each once. */
export function startEarlyGets(
  urls: readonly string[],
  fetchFn: typeof fetch = fetch,
  now = Date.now(),
): void {
  for (const url of urls) {
    if (early.has(url)) continue;
    const response = fetchFn(url, {
      method: 'GET',
      credentials: 'include',
      headers: { accept: 'application/json' },
    }).catch(() => undefined);
    early.set(url, { at: now, response });
  }
}

/**
 * A fetch that answers a GET with the early answer to its URL when there is a fresh and successful one (taken
 * once: a second request asks the server); anything else, a failed or refused early answer included (the
 * sign-in check may have said 401 before the user signed in), goes to `fetchFn`. The request's abort signal
 * still ends the wait.
 */
export function withEarlyGets(fetchFn: typeof fetch, now: () => number = Date.now): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const entry = early.get(url);
    if (entry === undefined || (init?.method ?? 'GET') !== 'GET') return fetchFn(input, init);
    early.delete(url);
    if (now() - entry.at > EARLY_FRESH_MS) return fetchFn(input, init);
    const signal = init?.signal;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      entry.response
        .then((response) => (response?.ok === true ? response : fetchFn(input, init)))
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', abort));
    });
  };
}

/** Forgets every early answer (tests). */
export function clearEarlyGets(): void {
  early.clear();
}

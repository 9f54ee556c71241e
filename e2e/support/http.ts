// A spec's own calls to a server's API (not the console's): JSON in and out, and the call must succeed.
import { expect } from './console';

/** Sends `body` as JSON; fails the test unless the answer is 2xx; answers the parsed body, if any. */
export async function send(method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
  return response.json().catch(() => undefined);
}

import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './destinations';

/** A lookup that answers only the address given: the connection goes where the policy checked. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * POSTs `body` to `url` over a new connection to `target` (the URL's host name still goes in the Host header
 * and, over TLS, in SNI and the certificate check). No redirects are followed. Resolves on a 2xx answer;
 * rejects with `HTTP <status> <reason>` otherwise, or with the connection's error.
 */
export function postPinned(
  url: URL,
  target: ResolvedAddress,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<void> {
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    lookup: pinnedLookup(target),
    agent: false,
    signal: AbortSignal.timeout(timeoutMs),
  };
  return new Promise<void>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, (res) => {
      // the answer's body is never read: nothing of it reaches a caller
      res.resume();
      res.on('error', () => undefined);
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) resolve();
      else reject(new Error(`HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`));
    });
    req.on('error', (err) =>
      reject(err.name === 'AbortError' ? new Error(`no answer within ${timeoutMs} ms`) : err),
    );
    req.end(body);
  });
}

import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One plain HTTP call to a device address (`ip` or `ip:port`), as any client would make it. Rejects on
 * connection errors and when no answer came within `timeoutMs` (error message `timeout`).
 */
export function call(
  address: string,
  method: string,
  path: string,
  body?: string,
  opts: { contentType?: string; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const [host = '', port = '80'] = address.split(':');
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (body !== undefined) {
      headers['Content-Type'] = opts.contentType ?? 'application/json';
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    const req = request({ host, port: Number(port), method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(opts.timeoutMs ?? 5000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export const json = (address: string, method: string, path: string, value: unknown) =>
  call(address, method, path, JSON.stringify(value));

import { request } from 'node:http';

/** Firmware HTTP client timeout for hooks and notifications. */
export const HOOK_HTTP_TIMEOUT_MS = 2000;

/**
 * Sends one request the way the firmware's HTTPClient does and returns the status, or a negative
 * HTTPClient error: -1 connection refused/failed, -11 read timeout.
 */
export function sendHookRequest(
  url: string,
  method: string,
  payload: string,
  timeoutMs = HOOK_HTTP_TIMEOUT_MS,
): Promise<number> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url.startsWith('http') ? url : `http://${url}`);
    } catch {
      resolve(-1);
      return;
    }
    const headers: Record<string, string | number> = { Connection: 'close', 'User-Agent': 'ESP32HTTPClient' };
    if (payload !== '') {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(payload);
    }
    let done = false;
    const finish = (code: number) => {
      if (!done) {
        done = true;
        resolve(code);
      }
    };
    const req = request(target, { method, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode ?? -1));
      res.on('error', () => finish(res.statusCode ?? -1));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      finish(-11);
    });
    req.on('error', () => finish(-1));
    req.end(payload === '' ? undefined : payload);
  });
}

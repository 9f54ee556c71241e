import { request } from 'node:http';
import { ApiError, type DeviceHttpRequest } from '@st/protocol';
import { parseDeviceAddress } from './address';

/** What a device answered, unchanged. */
export interface DeviceAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: Buffer;
}

export interface DeviceClientOptions {
  /** the whole call (connect + answer) must finish within this */
  readonly timeoutMs: number;
  /** a larger answer is refused (devices answer a few KiB at most) */
  readonly maxAnswerBytes?: number;
}

/** Failures of the transport itself, as opposed to a device that answered with an error status. */
export type DeviceCallFailure = 'unreachable' | 'timeout' | 'bad-answer';

export class DeviceCallError extends ApiError {
  constructor(
    readonly failure: DeviceCallFailure,
    address: string,
    detail: string,
  ) {
    const code =
      failure === 'timeout'
        ? 'DEVICE_TIMEOUT'
        : failure === 'unreachable'
          ? 'DEVICE_UNREACHABLE'
          : 'DEVICE_BAD_ANSWER';
    super(code, `Device ${address}: ${detail}`);
  }
}

/** Talks HTTP to devices (one short-lived connection per call, as the firmware closes every connection). */
export class DeviceClient {
  constructor(private readonly opts: DeviceClientOptions) {}

  call(address: string, req: DeviceHttpRequest, timeoutMs = this.opts.timeoutMs): Promise<DeviceAnswer> {
    const target = parseDeviceAddress(address);
    if (!target) return Promise.reject(new ApiError('INVALID_DEVICE_ADDRESS', `Not valid ip: ${address}`));
    const max = this.opts.maxAnswerBytes ?? 1024 * 1024;
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (failure: DeviceCallFailure, detail: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        httpReq.destroy();
        reject(new DeviceCallError(failure, address, detail));
      };
      const headers: Record<string, string> = { connection: 'close' };
      const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
      if (body) {
        headers['content-type'] = req.contentType ?? 'application/json';
        headers['content-length'] = String(body.length);
      }
      const httpReq = request(
        { host: target.host, port: target.port, method: req.method, path: req.path, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > max) fail('bad-answer', `answer larger than ${max} bytes`);
            else chunks.push(c);
          });
          res.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve({
              status: res.statusCode ?? 502,
              contentType: res.headers['content-type'],
              body: Buffer.concat(chunks, size),
            });
          });
          res.on('error', (err) => fail('unreachable', `connection broke: ${err.message}`));
        },
      );
      const timer = setTimeout(() => fail('timeout', `no answer within ${timeoutMs} ms`), timeoutMs);
      httpReq.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code?.startsWith('HPE_')) fail('bad-answer', `not a valid HTTP answer (${err.code})`);
        else
          fail(
            'unreachable',
            err.code === 'ECONNREFUSED' ? 'connection refused' : err.message || String(err.code),
          );
      });
      httpReq.end(body);
    });
  }
}

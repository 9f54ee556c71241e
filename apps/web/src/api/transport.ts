import type { z } from 'zod';
import { HttpError } from './errors';
import { progressFetch, type UploadProgress } from './progressFetch';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call to a gateway's own REST API (`/api/devices/...`, `/api/notification`, `/api/build`, ...). */
export interface GatewayCall<T> {
  url: string;
  method: HttpMethod;
  data?: unknown;
  schema: z.ZodType<T>;
}

export interface HttpRequest<T> {
  method: HttpMethod;
  /** Path of the API, e.g. `/api/auth`; resolved against the console's base URL (never the origin root). */
  path: string;
  body?: unknown;
  /** Every answer is parsed; a body the schema rejects is an error, never a cast. Empty bodies parse as null. */
  schema: z.ZodType<T>;
  /** Replaces the transport's timeout for this request (large uploads get time by their size). */
  timeoutMs?: number;
  /** Reports the bytes of the body sent so far (uploads). */
  onUploadProgress?: UploadProgress;
}

export interface TransportOptions {
  /** Absolute URL the API paths are relative to, ending with '/', e.g. `https://host/console/`. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /**
   * Awaited before an error answer (a status that is not ok) is thrown: the console loads the texts of the
   * servers' error codes here (i18n completeErrorTexts), so that whoever shows the error finds them. Must not reject.
   */
  beforeErrorAnswer?: () => Promise<void>;
}

export function resolveUrl(baseUrl: string, path: string): string {
  return new URL(path.replace(/^\/+/, ''), baseUrl).toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return text;
  }
}

function encodeBody(body: unknown): { body?: BodyInit; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  if (body instanceof FormData || body instanceof Blob) return { body, headers: {} };
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** One HTTP exchange: credentials included, aborted after the timeout, answer parsed by the schema. */
export async function send<T>(options: TransportOptions, request: HttpRequest<T>): Promise<T> {
  const url = resolveUrl(options.baseUrl, request.path);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs ?? options.timeoutMs);
  const doFetch = request.onUploadProgress
    ? progressFetch(request.onUploadProgress)
    : (options.fetch ?? fetch);
  const { body, headers } = encodeBody(request.body);
  let response: Response;
  let payload: unknown;
  try {
    response = await doFetch(url, {
      method: request.method,
      credentials: 'include',
      headers: { accept: 'application/json', ...headers },
      signal: controller.signal,
      ...(body === undefined ? {} : { body }),
    });
    payload = await readBody(response);
  } catch {
    throw new HttpError(
      request.method,
      url,
      controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network' },
    );
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    await options.beforeErrorAnswer?.();
    throw new HttpError(request.method, url, { kind: 'status', status: response.status, body: payload });
  }
  const parsed = request.schema.safeParse(payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
    throw new HttpError(request.method, url, { kind: 'invalid-response', status: response.status, issues });
  }
  return parsed.data;
}

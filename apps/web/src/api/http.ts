import { HttpError } from './errors';
import { type HttpRequest, send, type TransportOptions } from './transport';

/** The part of localStorage we use; tests pass an in-memory one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ConsoleLogger {
  debug(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** Renews the cloud session after a 401 (spec section 4, "Session refresh"). */
export interface SessionRenewer {
  /** Counts successful renewals; a request remembers it when it starts. */
  readonly generation: number;
  /** Resolves true when the session was renewed after `seenGeneration` (now, or by a concurrent caller). */
  renewAfter(seenGeneration: number): Promise<boolean>;
}

export interface HttpClientOptions extends TransportOptions {
  /** Cloud mode: renew the session once on a 401 and replay the request once. Absent in gateway mode. */
  session?: SessionRenewer;
  log: ConsoleLogger;
}

export class HttpClient {
  readonly #options: HttpClientOptions;

  constructor(options: HttpClientOptions) {
    this.#options = options;
  }

  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /** Sends without the 401 handling (login and refresh themselves). */
  sendPlain<T>(request: HttpRequest<T>): Promise<T> {
    return send(this.#options, request);
  }

  async request<T>(request: HttpRequest<T>): Promise<T> {
    const session = this.#options.session;
    const generation = session?.generation ?? 0;
    try {
      return await send(this.#options, request);
    } catch (error) {
      if (session === undefined || !(error instanceof HttpError) || error.status !== 401) throw error;
      const renewed = await session.renewAfter(generation);
      if (!renewed) throw error;
      try {
        return await send(this.#options, request);
      } catch (retryError) {
        this.#options.log.warn('Failed to retry request', retryError);
        throw retryError;
      }
    }
  }
}

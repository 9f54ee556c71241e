import { CLOUD_ROUTES } from '@st/protocol';
import { SESSION } from '@st/protocol/constants';
import { statusOf } from './errors';
import type { ConsoleLogger, KeyValueStore, SessionRenewer } from './http';
import { cloudRequest } from './routes';
import type { HttpRequest } from './transport';

export interface RefreshSessionOptions {
  storage: KeyValueStore;
  log: ConsoleLogger;
  /** Sends without any 401 handling of its own. */
  send: <T>(request: HttpRequest<T>) => Promise<T>;
  /** Called when the server rejected the refresh token: the session is over. */
  onSessionEnded?: () => void;
}

/**
 * One refresh at a time: concurrent 401s share the attempt in flight, and the shared attempt is dropped
 * as soon as it settles (the original kept it forever, so it refreshed only once per page load).
 */
export class RefreshSession implements SessionRenewer {
  readonly #options: RefreshSessionOptions;
  #inFlight: Promise<boolean> | undefined;
  #generation = 0;

  constructor(options: RefreshSessionOptions) {
    this.#options = options;
  }

  get generation(): number {
    return this.#generation;
  }

  renewAfter(seenGeneration: number): Promise<boolean> {
    if (this.#generation !== seenGeneration) return Promise.resolve(true);
    if (this.#inFlight === undefined) {
      this.#inFlight = this.#refresh().finally(() => {
        this.#inFlight = undefined;
      });
    }
    return this.#inFlight;
  }

  async #refresh(): Promise<boolean> {
    const { storage, log } = this.#options;
    const refreshToken = storage.getItem(SESSION.refreshTokenStorageKey);
    if (refreshToken === null || refreshToken === '') {
      log.debug('No refresh token: signed out');
      return false;
    }
    try {
      const answer = await this.#options.send(
        cloudRequest(CLOUD_ROUTES, 'cloud.auth.refresh', { body: { refreshToken } }),
      );
      storage.setItem(SESSION.refreshTokenStorageKey, answer.refresh);
      this.#generation += 1;
      return true;
    } catch (error) {
      log.warn('Failed to refresh token', error);
      const status = statusOf(error);
      if (status === 401 || status === 403) {
        storage.removeItem(SESSION.refreshTokenStorageKey);
        this.#options.onSessionEnded?.();
      }
      return false;
    }
  }
}

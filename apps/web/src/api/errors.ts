/** What went wrong with one HTTP call, in terms a screen can act on. */
export type HttpFailure =
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'status'; status: number; body: unknown }
  | { kind: 'invalid-response'; status: number; issues: string };

export class HttpError extends Error {
  readonly failure: HttpFailure;
  constructor(method: string, url: string, failure: HttpFailure) {
    super(`${method} ${url} failed: ${describe(failure)}`);
    this.name = 'HttpError';
    this.failure = failure;
  }
  get status(): number | undefined {
    return this.failure.kind === 'status' || this.failure.kind === 'invalid-response'
      ? this.failure.status
      : undefined;
  }
}

/** Raised instead of sending when the cloud already knows the target gateway is offline. */
export class GatewayOfflineError extends Error {
  constructor(gatewayName: string) {
    super(`Gateway ${gatewayName} is offline`);
    this.name = 'GatewayOfflineError';
  }
}

function describe(failure: HttpFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return 'timeout';
    case 'network':
      return 'network error';
    case 'status':
      return `status ${failure.status}`;
    case 'invalid-response':
      return `unexpected answer (${failure.issues})`;
  }
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

// Our servers answer {code, message}; devices answer {error}. Either field is the text a person reads.
// (Checked by hand, not with zod: this runs at start-up, which bundles no zod; issue 21.)
function messageBody(body: unknown): { code: string | undefined; message: string } | undefined {
  if (typeof body === 'string') return body === '' ? undefined : { code: undefined, message: body };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { code, message, error } = body as Record<string, unknown>;
  if (typeof message === 'string' && message !== '' && (code === undefined || typeof code === 'string'))
    return { code, message };
  if (typeof error === 'string' && error !== '') return { code: undefined, message: error };
  return undefined;
}

/** Looks up the text of an error code in the active language (the 'errors' namespace of i18n). */
export interface ErrorTextSource {
  language: string;
  getResource(lng: string, ns: string, key: string): unknown;
}

/**
 * The server's own explanation of a failed call, when it gave one. With `i18n`, a known error code is
 * shown in the user's language; a validation failure keeps the server's text (it names the bad field).
 */
export function serverMessage(error: unknown, i18n?: ErrorTextSource): string | undefined {
  if (!(error instanceof HttpError) || error.failure.kind !== 'status') return undefined;
  const parsed = messageBody(error.failure.body);
  if (parsed === undefined) return undefined;
  const { code, message } = parsed;
  if (i18n === undefined || code === undefined || code === 'VALIDATION_FAILED') return message;
  const translated = i18n.getResource(i18n.language, 'errors', code);
  return typeof translated === 'string' && translated !== '' ? translated : message;
}

import type { i18n as I18n, TFunction } from 'i18next';
import { GatewayOfflineError, HttpError, serverMessage } from '../api/errors';

/** A translated line for a failed call when the server gave no text of its own. */
export function describeFailure(error: unknown, t: TFunction): string {
  if (error instanceof GatewayOfflineError) return t('gateway.offline');
  if (!(error instanceof HttpError)) return t('error.generic');
  switch (error.failure.kind) {
    case 'timeout':
      return t('error.timeout');
    case 'network':
      return t('error.network');
    case 'invalid-response':
      return t('error.invalid');
    case 'status':
      return t('error.status', { status: error.failure.status });
  }
}

/**
 * The best line to show for a failed call: the server's (or device's) own text, its error code translated
 * into the user's language when we know the code, else what kind of failure it was.
 * Use with `const { t, i18n } = useTranslation()`.
 */
export function failureText(error: unknown, t: TFunction, i18n: I18n): string {
  return serverMessage(error, i18n) ?? describeFailure(error, t);
}

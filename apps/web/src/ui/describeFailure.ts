import type { TFunction } from 'i18next';
import { HttpError } from '../api/errors';

/** A translated line for a failed call when the server gave no text of its own. */
export function describeFailure(error: unknown, t: TFunction): string {
  if (!(error instanceof HttpError)) return t('error.generic');
  switch (error.failure.kind) {
    case 'timeout':
      return t('error.timeout');
    case 'network':
      return t('error.network');
    case 'status':
    case 'invalid-response':
      return t('error.status', { status: error.failure.status });
  }
}

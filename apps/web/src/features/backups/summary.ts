import type { TFunction } from 'i18next';

type Part = 'new' | 'unchanged' | 'failed' | 'restored' | 'skipped';

/**
 * A run's outcome as counts with their words ("3 new, 1 unchanged, 0 failed"): each count a plural set of its
 * own (backups.summary.*), so each number agrees with its word in either language.
 */
export function summary(t: TFunction, parts: readonly (readonly [Part, number])[]): string {
  return parts.map(([part, count]) => t(`backups.summary.${part}`, { count })).join(', ');
}

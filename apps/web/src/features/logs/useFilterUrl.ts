import { LogLevelName } from '@st/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUrlParams } from '../../app/urlParams';
import { EMPTY_FILTER, type LogFilter } from './logFilter';
import { rangeFromParams, rangeToParams } from './timeRange';

const FIELDS = ['device', 'tag', 'message'] as const;

/**
 * The filter as a URL says it (`?device=&tag=&message=&level=`, and `range=` or `from=&to=`); what does not
 * parse is left out.
 */
export function filterFromParams(params: URLSearchParams, now = Date.now()): LogFilter {
  const level = LogLevelName.safeParse(params.get('level'));
  return {
    level: level.success ? level.data : undefined,
    device: params.get('device') ?? '',
    tag: params.get('tag') ?? '',
    message: params.get('message') ?? '',
    ...rangeFromParams(params, now),
  };
}

/** Typing pauses this long before the URL follows the filter. */
export const URL_SETTLE_MS = 300;

/**
 * The logs filter kept in the URL, so a link ("logs of this device") or a reload shows the same lines. The URL
 * follows once typing pauses: writing it re-renders what reads the address (and history.replaceState alone
 * took ~14 ms a keystroke at 4x CPU), which a keystroke must not wait for (issue 21).
 */
export function useFilterUrl(): [LogFilter, (filter: LogFilter) => void] {
  const [params, setParams] = useUrlParams();
  const [filter, setFilterState] = useState<LogFilter>(() => ({
    ...EMPTY_FILTER,
    ...filterFromParams(params),
  }));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Leaving the screen drops a pending write: it would land on the next screen's URL.
  useEffect(() => () => clearTimeout(timer.current), []);
  const writeUrl = useCallback(
    (next: LogFilter) => {
      setParams((out) => {
        for (const field of FIELDS) {
          if (next[field] === '') out.delete(field);
          else out.set(field, next[field]);
        }
        if (next.level === undefined) out.delete('level');
        else out.set('level', next.level);
        rangeToParams(out, next);
        return out;
      });
    },
    [setParams],
  );
  const setFilter = useCallback(
    (next: LogFilter) => {
      setFilterState(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => writeUrl(next), URL_SETTLE_MS);
    },
    [writeUrl],
  );
  return [filter, setFilter];
}

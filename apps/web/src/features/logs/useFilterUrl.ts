import { LogLevelName } from '@st/protocol';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
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

/** The logs filter kept in the URL, so a link ("logs of this device") or a reload shows the same lines. */
export function useFilterUrl(): [LogFilter, (filter: LogFilter) => void] {
  const [params, setParams] = useSearchParams();
  const [filter, setFilterState] = useState<LogFilter>(() => ({
    ...EMPTY_FILTER,
    ...filterFromParams(params),
  }));
  const setFilter = useCallback(
    (next: LogFilter) => {
      setFilterState(next);
      setParams(
        (previous) => {
          const out = new URLSearchParams(previous);
          for (const field of FIELDS) {
            if (next[field] === '') out.delete(field);
            else out.set(field, next[field]);
          }
          if (next.level === undefined) out.delete('level');
          else out.set('level', next.level);
          rangeToParams(out, next);
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [filter, setFilter];
}

import { useCallback } from 'react';
import { useUrlParams } from '../../app/urlParams';

export interface PanelUrl {
  /** ip of the selected device */
  device: string;
  /** open tab of its panel */
  tab: string;
  /** search text of the device list */
  query: string;
  /** Changes some of them (empty or undefined removes), replacing the history entry. */
  set: (changes: Partial<Record<'device' | 'tab' | 'q', string | undefined>>) => void;
}

/** The control panel's place kept in the URL (`?q=&device=&tab=`), so a link or a reload returns to it. */
export function usePanelUrl(): PanelUrl {
  const [params, setParams] = useUrlParams();
  const set = useCallback<PanelUrl['set']>(
    (changes) =>
      setParams((next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );
  return {
    device: params.get('device') ?? '',
    tab: params.get('tab') ?? '',
    query: params.get('q') ?? '',
    set,
  };
}

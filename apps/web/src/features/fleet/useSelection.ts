import type { DeviceInfo } from '@st/protocol';
import { useCallback, useMemo, useState } from 'react';

/** Devices chosen in the device list for a bulk action, by address (a device in both lists counts once). */
export interface Selection {
  devices: DeviceInfo[];
  has: (ip: string) => boolean;
  /** Chooses or drops these devices. */
  set: (devices: readonly DeviceInfo[], on: boolean) => void;
  clear: () => void;
}

export function useSelection(): Selection {
  const [chosen, setChosen] = useState<ReadonlyMap<string, DeviceInfo>>(new Map());
  const set = useCallback((devices: readonly DeviceInfo[], on: boolean) => {
    setChosen((current) => {
      const next = new Map(current);
      for (const d of devices) {
        if (on) next.set(d.ip, d);
        else next.delete(d.ip);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setChosen(new Map()), []);
  return useMemo(
    () => ({ devices: [...chosen.values()], has: (ip: string) => chosen.has(ip), set, clear }),
    [chosen, set, clear],
  );
}

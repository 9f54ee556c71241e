import type { FoundDevice, SavedDevice } from '@st/protocol';
import { useEffect, useMemo } from 'react';
import { useServices } from '../../../app/ServicesContext';
import { useGatewayKey } from '../api/useDevices';
import { useFoundDevices } from '../api/useFoundDevices';

const EMPTY: readonly FoundDevice[] = [];

export interface Presence {
  online: boolean;
  /** the name the device announces now (found), else the saved one */
  name: string;
  /** ISO time this browser last saw it among found devices */
  lastSeen?: string | undefined;
  /** the gateway holds it as restarting */
  restarting: boolean;
}

const storageKey = (gatewayKey: string) => `st.saved.lastSeen.${gatewayKey}`;

function readSeen(raw: string | null): Record<string, string> {
  try {
    const value: unknown = JSON.parse(raw ?? '{}');
    if (value === null || typeof value !== 'object') return {};
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/**
 * Online state of saved devices: online while the gateway lists them as found (the same live list the
 * found-devices section shows), with the current name; offline ones show when this browser last saw them.
 */
export function useSavedPresence(saved: readonly SavedDevice[]): Map<string, Presence> {
  const { storage } = useServices();
  const gatewayKey = useGatewayKey();
  // The same queries (and cache) as the found-devices section.
  const foundList: readonly FoundDevice[] = useFoundDevices().list ?? EMPTY;
  const seen = useMemo(() => {
    const known = readSeen(storage.getItem(storageKey(gatewayKey)));
    const now = new Date().toISOString();
    for (const d of foundList) known[d.ip] = now;
    return known;
  }, [foundList, storage, gatewayKey]);
  useEffect(() => {
    storage.setItem(storageKey(gatewayKey), JSON.stringify(seen));
  }, [seen, storage, gatewayKey]);
  return useMemo(() => {
    const byIp = new Map(foundList.map((d) => [d.ip, d]));
    return new Map(
      saved.map((d) => {
        const live = byIp.get(d.ip);
        const presence: Presence = {
          online: live !== undefined,
          name: live?.name ?? d.name,
          lastSeen: seen[d.ip],
          restarting: live?.restarting === true,
        };
        return [d.ip, presence];
      }),
    );
  }, [saved, foundList, seen]);
}

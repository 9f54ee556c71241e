import type { CrashLoopState, DeviceInfo, Firmware } from '@st/protocol';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useCrashLoops } from '../../alerts/CrashLoopBadge';
import { useFirmwareLibrary } from '../../fleet/useFirmwareLibrary';

interface RowBadges {
  loopOf: (ip: string) => CrashLoopState | undefined;
  newerFor: (device: Pick<DeviceInfo, 'type' | 'board' | 'version'>) => Firmware | undefined;
}

const none: RowBadges = { loopOf: () => undefined, newerFor: () => undefined };
const RowBadgesContext = createContext<RowBadges>(none);

/**
 * What the rows' badges need (crash loops, the firmware library), asked once for every list of the search
 * panel instead of two query observers per row (issue 21: the first list renders fewer hooks).
 */
export function RowBadgesProvider({ children }: { children: ReactNode }) {
  const loopOf = useCrashLoops();
  const { newerFor } = useFirmwareLibrary();
  const value = useMemo(() => ({ loopOf, newerFor }), [loopOf, newerFor]);
  return <RowBadgesContext.Provider value={value}>{children}</RowBadgesContext.Provider>;
}

export const useRowBadges = () => useContext(RowBadgesContext);

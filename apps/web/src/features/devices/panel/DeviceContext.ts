import type { DeviceInfo, Features } from '@st/protocol';
import { createContext, useContext } from 'react';

/** What every tab of one device panel shares. */
export interface DevicePanelContext {
  device: DeviceInfo;
  features: Features;
  /** The device took a new name (the list and the heading follow). */
  onRenamed: (name: string) => void;
}

export const DeviceContext = createContext<DevicePanelContext | undefined>(undefined);

export function useDevicePanel(): DevicePanelContext {
  const value = useContext(DeviceContext);
  if (value === undefined) throw new Error('useDevicePanel() outside <DevicePanel>');
  return value;
}

import type { Gateway } from '@st/protocol';
import { createContext, useContext } from 'react';

/** The gateway a cloud-mode screen works on; undefined in gateway mode and on /gateways. */
export const CurrentGatewayContext = createContext<Gateway | undefined>(undefined);

export function useCurrentGateway(): Gateway | undefined {
  return useContext(CurrentGatewayContext);
}

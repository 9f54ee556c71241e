import { useCurrentGateway } from '../../app/CurrentGateway';

/**
 * Whether the user may change things on the current gateway: always in gateway mode; in cloud mode unless
 * their role on it is viewer (the cloud refuses a viewer's writes anyway; this keeps the buttons honest).
 */
export function useCanWrite(): boolean {
  return useCurrentGateway()?.role !== 'viewer';
}

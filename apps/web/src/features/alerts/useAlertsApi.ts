import { useMemo } from 'react';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { alertsApi } from './alertsApi';

/** The alerts api for the gateway on screen, and the key part that names that gateway in query keys. */
export function useAlertsApi() {
  const { http, gatewayFetch, config } = useServices();
  const gateway = useCurrentGateway();
  const api = useMemo(() => alertsApi(http, gatewayFetch, gateway), [http, gatewayFetch, gateway]);
  return { api, gatewayKey: gateway?.id ?? '', mode: config.mode };
}

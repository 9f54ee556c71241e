import { useMemo } from 'react';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { otaApi } from './otaApi';

/** The OTA api for the gateway on screen, and the key part that names that gateway in query keys. */
export function useOtaApi() {
  const { config, http, gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  const api = useMemo(
    () => otaApi({ mode: config.mode, http, gatewayFetch, gateway }),
    [config.mode, http, gatewayFetch, gateway],
  );
  return { api, gatewayKey: gateway?.id ?? '' };
}

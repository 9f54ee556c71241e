import { useMemo } from 'react';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { backupsApi } from './backupsApi';

/** The backups api for the gateway on screen, and the key part that names that gateway in query keys. */
export function useBackupsApi() {
  const { config, baseUrl, http, gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  const api = useMemo(
    () => backupsApi({ mode: config.mode, baseUrl, http, gatewayFetch, gateway }),
    [config.mode, baseUrl, http, gatewayFetch, gateway],
  );
  return { api, gatewayKey: gateway?.id ?? '', mode: config.mode };
}

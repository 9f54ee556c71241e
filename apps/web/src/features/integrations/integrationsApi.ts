import type { MqttSettingsUpdateInput } from '@st/protocol';
import { INTEGRATION_ROUTES } from '@st/protocol';
import { useMemo } from 'react';
import { gatewayCall } from '../../api/routes';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';

/** The gateway's integration settings: straight to it in gateway mode, through the relay in cloud mode. */
export function useIntegrationsApi() {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  const api = useMemo(
    () => ({
      mqtt: () => gatewayFetch(gateway, gatewayCall(INTEGRATION_ROUTES, 'gateway.integrations.mqtt.get')),
      saveMqtt: (body: MqttSettingsUpdateInput) =>
        gatewayFetch(gateway, gatewayCall(INTEGRATION_ROUTES, 'gateway.integrations.mqtt.put', { body })),
    }),
    [gatewayFetch, gateway],
  );
  return { api, key: ['integrations', 'mqtt', gateway?.id ?? ''] as const };
}

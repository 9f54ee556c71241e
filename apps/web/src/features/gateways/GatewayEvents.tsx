import { type Gateway, GatewayEvent } from '@st/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { topics } from '../../api/topics';
import { useServices } from '../../app/ServicesContext';
import { gatewayKeys } from './gatewaysApi';

/**
 * Cloud mode: a gateway coming online or going offline shows a toast (disconnects stay until closed) and
 * flips its dot in the list and the loaded gateway at once, without a reload.
 */
export function GatewayEvents() {
  const { live, config, toaster, log } = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(
    () =>
      live.subscribe(topics(config.mode).gatewayEvents, (payload) => {
        const parsed = GatewayEvent.safeParse(payload);
        if (!parsed.success) {
          log.error('Gateway event without a valid body', payload);
          return;
        }
        const { gateway, event } = parsed.data;
        const online = event === 'CONNECTED';
        if (online) toaster.info({ caption: t('cloud.gateway.connected', { name: gateway.name }) });
        else toaster.error({ caption: t('cloud.gateway.disconnected', { name: gateway.name }) });
        queryClient.setQueryData<Gateway[]>(gatewayKeys.list, (list) =>
          list?.map((item) => (item.id === gateway.id ? { ...item, online } : item)),
        );
        queryClient.setQueryData<Gateway>(gatewayKeys.one(gateway.id), (item) =>
          item === undefined ? undefined : { ...item, online },
        );
      }),
    [live, config.mode, toaster, log, queryClient, t],
  );
  return null;
}

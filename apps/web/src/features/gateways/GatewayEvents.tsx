import { type Gateway, GatewayEvent } from '@st/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeTopic } from '../../api/topics';
import { useServices } from '../../app/ServicesContext';
import { gatewayKeys } from './gatewaysApi';

/**
 * Cloud mode: a gateway coming online or going offline shows a toast (disconnects stay until closed) and
 * flips its dot in the list and the loaded gateway at once, without a reload.
 */
export function GatewayEvents() {
  const { live, toaster, log } = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(
    () =>
      subscribeTopic({
        live,
        log,
        topic: 'cloud.events',
        payload: GatewayEvent,
        onMessage: ({ gateway, event }) => {
          const online = event === 'CONNECTED';
          // One toast per gateway: "connected" closes "disconnected" (and the offline refusal of a call).
          const key = `gateway:${gateway.id}`;
          if (online) toaster.info({ caption: t('cloud.gateway.connected', { name: gateway.name }), key });
          else toaster.error({ caption: t('cloud.gateway.disconnected', { name: gateway.name }), key });
          queryClient.setQueryData<Gateway[]>(gatewayKeys.list, (list) =>
            list?.map((item) => (item.id === gateway.id ? { ...item, online } : item)),
          );
          queryClient.setQueryData<Gateway>(gatewayKeys.one(gateway.id), (item) =>
            item === undefined ? undefined : { ...item, online },
          );
        },
      }),
    [live, toaster, log, queryClient, t],
  );
  // Events sent while the live channel was down are lost: read the online flags again after a reconnect.
  useEffect(
    () =>
      live.onReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: gatewayKeys.list });
        void queryClient.invalidateQueries({ queryKey: ['gateway'] });
      }),
    [live, queryClient],
  );
  return null;
}

import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useParams } from 'wouter';
import { statusOf } from '../../api/errors';
import { CurrentGatewayContext } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { PageLoader } from '../../ui/PageLoader';
import { SavedNotifications } from '../notifications/NotificationsFeed';
import { GatewayWaitContext } from './GatewayWaiting';
import { useGatewayGrace } from './gatewayGrace';
import { gatewayKeys, gatewaysApi } from './gatewaysApi';

/**
 * Cloud route `/{gateway}/…`: loads the gateway; a missing one, or one offline on arrival, sends the user to
 * /gateways. One that drops while the user is here is waited for (GATEWAY_RETURN_GRACE_MS) before that:
 * the screen shows a waiting state (GatewayOutlet) and comes back as it was when the gateway returns.
 * `children` (the shell with the routed screen) see the gateway through useCurrentGateway().
 */
export function GatewayScope({ children }: { children: ReactNode }) {
  const { gateway: id = '' } = useParams();
  const { http, toaster, log } = useServices();
  const { t } = useTranslation();
  const query = useQuery({ queryKey: gatewayKeys.one(id), queryFn: () => gatewaysApi(http).get(id) });
  const gateway = query.data;
  const { state, deadline } = useGatewayGrace(gateway);
  const waited = useRef(false);
  if (state === 'waiting') waited.current = true;

  useEffect(() => {
    if (query.error === null) return;
    if (statusOf(query.error) === 404) return;
    log.warn('Failed to load gateway information', query.error);
    toaster.error({ caption: t('cloud.gateway.load.failed') });
  }, [query.error, log, toaster, t]);

  const name = gateway?.name ?? '';
  useEffect(() => {
    if (state !== 'gone') return;
    const description = waited.current
      ? t('gateway.waiting.expired.desc', { name })
      : t('gateway.select.offline.desc');
    toaster.error({ caption: t('gateway.select.offline'), description });
  }, [state, name, toaster, t]);

  if (query.isError || state === 'gone') return <Redirect to="/gateways" replace />;
  if (gateway === undefined) return <PageLoader />;
  return (
    <CurrentGatewayContext value={gateway}>
      <GatewayWaitContext value={deadline}>
        {state === 'online' && <SavedNotifications />}
        {children}
      </GatewayWaitContext>
    </CurrentGatewayContext>
  );
}

import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { statusOf } from '../../api/errors';
import { CurrentGatewayContext } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { PageLoader } from '../../ui/PageLoader';
import { SavedNotifications } from '../notifications/NotificationsFeed';
import { gatewayKeys, gatewaysApi } from './gatewaysApi';

/**
 * Cloud route `/{gateway}/…`: loads the gateway; a missing or offline one sends the user to /gateways.
 * `children` (the shell with the routed screen) see the gateway through useCurrentGateway().
 */
export function GatewayScope({ children }: { children: ReactNode }) {
  const { gateway: id = '' } = useParams();
  const { http, toaster, log } = useServices();
  const { t } = useTranslation();
  const query = useQuery({ queryKey: gatewayKeys.one(id), queryFn: () => gatewaysApi(http).get(id) });
  const gateway = query.data;
  const offline = gateway !== undefined && !gateway.online;

  useEffect(() => {
    if (query.error === null) return;
    if (statusOf(query.error) === 404) return;
    log.warn('Failed to load gateway information', query.error);
    toaster.error({ caption: t('cloud.gateway.load.failed') });
  }, [query.error, log, toaster, t]);

  useEffect(() => {
    if (offline)
      toaster.error({ caption: t('gateway.select.offline'), description: t('gateway.select.offline.desc') });
  }, [offline, toaster, t]);

  if (query.isError || offline) return <Navigate to="/gateways" replace />;
  if (gateway === undefined) return <PageLoader />;
  return (
    <CurrentGatewayContext value={gateway}>
      <SavedNotifications />
      {children}
    </CurrentGatewayContext>
  );
}

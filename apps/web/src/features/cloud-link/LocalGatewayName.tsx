import { Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { cloudLinkApi, cloudLinkKeys } from './cloudLinkApi';

/** Gateway mode header: this gateway's name as the cloud knows it, once it has logged in to a cloud. */
export function LocalGatewayName() {
  const { t } = useTranslation();
  const { http } = useServices();
  const identity = useQuery({
    queryKey: cloudLinkKeys.identity,
    queryFn: () => cloudLinkApi(http).identity(),
  });
  const gateway = identity.data?.gateway;
  if (gateway === undefined) return null;
  return (
    <Tooltip label={`${t('gateway.cloud.info.gateway.id')}: ${gateway.id}`}>
      <Text size="sm" fw={500} truncate miw={0} aria-label={t('header.gateway', { name: gateway.name })}>
        {gateway.name}
      </Text>
    </Tooltip>
  );
}

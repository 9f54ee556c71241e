import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Loader } from '../../ui/kit/feedback';
import { Center, Stack } from '../../ui/kit/layout';
import { Text, Title } from '../../ui/kit/text';
import { AlertHistory } from './AlertHistory';
import { alertKeys } from './alertKeys';
import { CloudAlertsForm } from './CloudAlertsForm';
import { DeviceThresholds } from './DeviceThresholds';
import { GatewayAlertsForm } from './GatewayAlertsForm';
import { alertsEn, alertsRu } from './messages';
import { useAlertsApi } from './useAlertsApi';

addTexts(alertsEn, alertsRu);

function Loading({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return (
    <Center p="md">
      {failed ? (
        <Text c="red">{t('alerts.load.error')}</Text>
      ) : (
        <Loader role="status" size="sm" aria-label={t('common.loading')} />
      )}
    </Center>
  );
}

/** Route `alerts`: the gateway's device alerts, and in cloud mode the user's own gateway-offline alerts. */
export default function AlertsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { api, gatewayKey, mode } = useAlertsApi();
  const gateway = useQuery({ queryKey: alertKeys.gateway(gatewayKey), queryFn: api.get });
  const cloud = useQuery({ queryKey: alertKeys.cloud, queryFn: api.cloudGet, enabled: mode === 'cloud' });
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h3">
        {t('alerts.title')}
      </Title>
      {gateway.data ? (
        <GatewayAlertsForm
          initial={gateway.data}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: alertKeys.gateway(gatewayKey) })}
        />
      ) : (
        <Loading failed={gateway.isError} />
      )}
      <DeviceThresholds />
      <AlertHistory />
      {mode === 'cloud' ? (
        cloud.data ? (
          <CloudAlertsForm
            initial={cloud.data}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: alertKeys.cloud })}
          />
        ) : (
          <Loading failed={cloud.isError} />
        )
      ) : null}
    </Stack>
  );
}

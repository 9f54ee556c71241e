import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { Button, CloseButton } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { NumberInput } from '../../ui/NumberInput';
import { useCanWrite } from '../accounts/useCanWrite';
import { alertKeys } from './alertKeys';
import { useAlertsApi } from './useAlertsApi';

/**
 * Devices with their own offline threshold: a device-offline alert for such a device comes after its own
 * seconds instead of the gateway's. Each change is saved at once (PUT /api/alerts/thresholds).
 */
export function DeviceThresholds() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const { api, gatewayKey } = useAlertsApi();
  const key = alertKeys.thresholds(gatewayKey);
  const list = useQuery({ queryKey: key, queryFn: api.thresholds });
  const [ip, setIp] = useState('');
  const [seconds, setSeconds] = useState<number | string>(60);
  const set = useMutation({
    mutationFn: api.setThreshold,
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      setIp('');
    },
  });
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="alert-thresholds-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="alert-thresholds-title">
          {t('alerts.thresholds.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('alerts.thresholds.hint')}
        </Text>
        <fieldset disabled={!canWrite} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              set.mutate({ ip: ip.trim(), offlineAfter: Number(seconds) });
            }}
          >
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label={t('alerts.thresholds.device')}
                placeholder="192.168.1.20"
                value={ip}
                onChange={(e) => setIp(e.currentTarget.value)}
                required
                style={{ flex: '1 1 160px' }}
              />
              <NumberInput
                label={t('alerts.thresholds.seconds')}
                min={1}
                max={7 * 86_400}
                value={seconds}
                onChange={setSeconds}
                style={{ flex: '0 1 180px' }}
              />
              <Button type="submit" loading={set.isPending}>
                {t('alerts.thresholds.set')}
              </Button>
            </Group>
          </form>
        </fieldset>
        {set.error ? (
          <Alert color="red" role="alert" title={t('alerts.thresholds.error')}>
            {serverMessage(set.error, i18n) ?? set.error.message}
          </Alert>
        ) : null}
        {list.data === undefined ? null : list.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('alerts.thresholds.empty')}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={4}
            aria-label={t('alerts.thresholds.title')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {list.data.map((row) => (
              <Group component="li" key={row.ip} gap="sm" wrap="nowrap" data-ip={row.ip}>
                <Text size="sm" fw={500} style={{ minWidth: 120 }}>
                  {row.ip}
                </Text>
                <Text size="sm" style={{ flex: 1 }}>
                  {t('alerts.thresholds.after', { count: row.offlineAfter })}
                </Text>
                {canWrite ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('alerts.thresholds.remove', { ip: row.ip })}
                    onClick={() => set.mutate({ ip: row.ip, offlineAfter: null })}
                  />
                ) : null}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

import type { DeviceLoggerState } from '@st/protocol';
import { GATEWAY_ROUTES } from '@st/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { gatewayCall } from '../../api/routes';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Group } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';

/** the logger states are read again this often (a logger drops or comes back without any event) */
const LOGGERS_REFRESH_MS = 15_000;

/**
 * Names the devices whose network logger is not connected to the gateway (their lines cannot arrive live)
 * and offers to reconnect each: the gateway writes the device's log address again, which the firmware
 * answers by connecting (device-protocol.md §3.2).
 */
export function LoggerStates() {
  const { t } = useTranslation();
  const { gatewayFetch, toaster } = useServices();
  const gateway = useCurrentGateway();
  const client = useQueryClient();
  const key = ['device-loggers', gateway?.id ?? ''];
  const loggers = useQuery<DeviceLoggerState[]>({
    queryKey: key,
    queryFn: () => gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.loggers')),
    refetchInterval: LOGGERS_REFRESH_MS,
  });
  const reconnect = useMutation({
    mutationFn: (ip: string) =>
      gatewayFetch(
        gateway,
        gatewayCall(GATEWAY_ROUTES, 'gateway.devices.loggers.reconnect', { body: { ip } }),
      ),
    onSuccess: (result) => {
      if (result.connected) toaster.success({ caption: t('logs.loggers.reconnected', { ip: result.ip }) });
      else toaster.warn({ caption: t('logs.loggers.notBack', { ip: result.ip }) });
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      toaster.error({ caption: serverMessage(error) ?? describeFailure(error, t) });
    },
  });
  const down = (loggers.data ?? []).filter((l) => !l.connected);
  if (down.length === 0) return null;
  return (
    <Alert color="orange" title={t('logs.loggers.down', { count: down.length })} data-testid="loggers-down">
      <Text size="sm">{t('logs.loggers.why')}</Text>
      <Group gap="xs" wrap="wrap" mt={6}>
        {down.map((l) => (
          <Button
            key={l.ip}
            size="xs"
            variant="light"
            loading={reconnect.isPending && reconnect.variables === l.ip}
            onClick={() => reconnect.mutate(l.ip)}
            aria-label={t('logs.loggers.reconnect.label', { device: `${l.name} (${l.ip})` })}
          >
            {t('logs.loggers.reconnect', { device: l.name || l.ip })}
          </Button>
        ))}
      </Group>
    </Alert>
  );
}

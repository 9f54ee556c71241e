import { GATEWAY_ROUTES, type Gateway } from '@st/protocol';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gatewayCall } from '../../api/routes';
import { useServices } from '../../app/ServicesContext';
import { Checkbox } from '../../ui/kit/choices';
import { Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';

export interface PickedDevice {
  gatewayId: string;
  ip: string;
}

/** Devices picked one by one on each chosen gateway (those it hears now, read through the relay). */
export function DevicePicker({
  gateways,
  picked,
  onChange,
}: {
  gateways: readonly Gateway[];
  picked: readonly PickedDevice[];
  onChange: (next: PickedDevice[]) => void;
}) {
  const { t } = useTranslation();
  const { gatewayFetch } = useServices();
  const found = useQueries({
    queries: gateways.map((g) => ({
      queryKey: ['cloud-rollouts', 'devices', g.id],
      queryFn: () => gatewayFetch(g, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.found')),
      enabled: g.online,
    })),
  });
  const has = (gatewayId: string, ip: string) => picked.some((p) => p.gatewayId === gatewayId && p.ip === ip);
  return (
    <Stack gap={4} role="group" aria-label={t('cloudRollouts.form.target.devices')}>
      {gateways.map((g, i) => (
        <Stack key={g.id} gap={2}>
          <Text size="sm" fw={600}>
            {g.online ? g.name : t('cloudRollouts.form.offline', { name: g.name })}
          </Text>
          {(found[i]?.data ?? []).map((d) => (
            <Checkbox
              key={d.ip}
              label={`${d.name} (${d.ip})`}
              checked={has(g.id, d.ip)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                const rest = picked.filter((p) => !(p.gatewayId === g.id && p.ip === d.ip));
                onChange(on ? [...rest, { gatewayId: g.id, ip: d.ip }] : rest);
              }}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

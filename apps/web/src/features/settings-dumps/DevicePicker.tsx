import type { DeviceInfo } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../ui/kit/feedback';
import { Select } from '../../ui/Select';
import { dumpKeys } from './dumpsApi';
import { useDumpsApi } from './useDumpsApi';

export interface DevicePickerProps {
  label: string;
  value: DeviceInfo | undefined;
  onChange: (device: DeviceInfo | undefined) => void;
  /** the address to offer first (the device a backup was taken from), marked as such */
  first?: string | undefined;
}

/** One device of the gateway (found or saved), by name and address. */
export function DevicePicker({ label, value, onChange, first }: DevicePickerProps) {
  const { t } = useTranslation();
  const { api, gatewayKey } = useDumpsApi();
  const devices = useQuery({ queryKey: dumpKeys.devices(gatewayKey), queryFn: api.devices });
  return (
    <Select
      label={label}
      placeholder={t(
        devices.data?.length === 0 ? 'device.settings.device.none' : 'device.settings.device.placeholder',
      )}
      data={[...(devices.data ?? [])]
        .sort((a, b) => Number(b.ip === first) - Number(a.ip === first))
        .map((d) => ({
          value: d.ip,
          label:
            d.ip === first
              ? t('device.settings.device.same', { device: `${d.name} (${d.ip})` })
              : `${d.name} (${d.ip})`,
        }))}
      value={value?.ip ?? null}
      onChange={(ip) => onChange(devices.data?.find((d) => d.ip === ip))}
      rightSection={devices.isFetching ? <Loader size="xs" /> : undefined}
      error={devices.error === null ? undefined : t('device.settings.device.error')}
    />
  );
}

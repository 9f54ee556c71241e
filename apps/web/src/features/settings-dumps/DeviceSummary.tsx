import type { DeviceInfo } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';

/** Name, type, address, board and versions of a device, as the dump or the picker knows it. */
export function DeviceSummary({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {device.name} ({device.ip})
      </Text>
      <Text size="xs" c="dimmed">
        {t('device.settings.device.details', {
          type: device.type,
          board: device.board,
          stVersion: device.stVersion,
          version: device.version ?? '-',
        })}
      </Text>
    </Stack>
  );
}

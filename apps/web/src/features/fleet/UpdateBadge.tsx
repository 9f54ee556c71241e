import { Badge, Tooltip } from '@mantine/core';
import type { DeviceInfo } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { useFirmwareLibrary } from './useFirmwareLibrary';

/** "Update available" while the firmware library holds a newer image of the device's type and board. */
export function UpdateBadge({ device }: { device: Pick<DeviceInfo, 'type' | 'board' | 'version'> }) {
  const { t } = useTranslation();
  const { newerFor } = useFirmwareLibrary();
  const newer = newerFor(device);
  if (newer === undefined) return null;
  const title = t('fleet.update.badge.title', {
    type: newer.type,
    version: newer.version,
    current: device.version ?? '',
  });
  return (
    <Tooltip label={title}>
      <Badge
        color="blue"
        variant="light"
        data-testid="update-badge"
        data-version={newer.version}
        style={{ flexShrink: 0 }}
      >
        {t('fleet.update.badge')}
      </Badge>
    </Tooltip>
  );
}

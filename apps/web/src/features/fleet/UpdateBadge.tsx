import type { DeviceInfo, Firmware } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Tooltip } from '../../ui/floating/Tooltip';
import { Badge } from '../../ui/kit/status';
import { fleetFirstEn, fleetFirstRu } from './messagesFirst';
import { useFirmwareLibrary } from './useFirmwareLibrary';

addTexts(fleetFirstEn, fleetFirstRu);

type Versioned = Pick<DeviceInfo, 'type' | 'board' | 'version'>;

/**
 * "Update: <version>" (the whole version, as written, never cut) while the firmware library holds a newer
 * image of the device's type and board.
 */
export function UpdateBadge({ device }: { device: Versioned }) {
  const { newerFor } = useFirmwareLibrary();
  return <UpdateMark device={device} newer={newerFor(device)} />;
}

/** The badge for a newer image already looked up (a list asks the library once for all its rows). */
export function UpdateMark({ device, newer }: { device: Versioned; newer: Firmware | undefined }) {
  const { t } = useTranslation();
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
        tt="none"
        style={{ flexShrink: 0, maxWidth: 'none' }}
      >
        {t('fleet.update.badge', { version: newer.version })}
      </Badge>
    </Tooltip>
  );
}

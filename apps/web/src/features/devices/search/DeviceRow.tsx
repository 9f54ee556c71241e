import type { DeviceInfo } from '@st/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UnstyledButton } from '../../../ui/kit/buttons';
import { Checkbox } from '../../../ui/kit/choices';
import { Group } from '../../../ui/kit/layout';
import { Text } from '../../../ui/kit/text';
import { CrashLoopMark } from '../../alerts/CrashLoopBadge';
import { UpdateMark } from '../../fleet/UpdateBadge';
import { DeviceIcon } from '../icons/DeviceIcon';
import { RestartingBadge } from '../restarting/RestartingBadge';
import { useRowBadges } from './RowBadges';

export interface DeviceRowProps {
  device: DeviceInfo;
  selected: boolean;
  onSelect: (device: DeviceInfo) => void;
  /** A menu beside the row (saved devices). */
  menu?: ReactNode;
  /** Shown before the name (saved devices: the online dot). */
  status?: ReactNode;
  /** A checkbox before the row for bulk actions (absent for a viewer). */
  choice?: { checked: boolean; onChange: (checked: boolean) => void } | undefined;
  /** the gateway holds the device as restarting: a "Restarting…" badge */
  restarting?: boolean | undefined;
}

/** One device in the search list: icon, name, type, ip, board and versions. Kept cheap: lists are long. */
export function DeviceRow({ device, selected, onSelect, menu, status, choice, restarting }: DeviceRowProps) {
  const { t } = useTranslation();
  const { loopOf, newerFor } = useRowBadges();
  return (
    <Group
      gap={4}
      wrap="nowrap"
      bg={selected ? 'var(--st-primary-light)' : undefined}
      style={{ borderRadius: 'var(--st-radius)' }}
      data-device-ip={device.ip}
    >
      {choice === undefined ? null : (
        <Checkbox
          size="xs"
          ml={6}
          checked={choice.checked}
          onChange={(e) => choice.onChange(e.currentTarget.checked)}
          aria-label={t('fleet.select.device', { name: device.name, ip: device.ip })}
        />
      )}
      <UnstyledButton
        onClick={() => onSelect(device)}
        aria-pressed={selected}
        aria-label={t('devices.item.open', { name: device.name, ip: device.ip })}
        p={6}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Group gap="sm" wrap="nowrap">
          <DeviceIcon name={device.name} type={device.type} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {status}
              {device.name}{' '}
              <Text span size="xs" c="dimmed">
                {device.type}
              </Text>
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {device.ip} · {device.board || t('devices.item.board.unknown')} ·{' '}
              {t('devices.item.versions', { stVersion: device.stVersion, version: device.version ?? '—' })}
            </Text>
          </div>
        </Group>
      </UnstyledButton>
      <RestartingBadge restarting={restarting} />
      <CrashLoopMark loop={loopOf(device.ip)} />
      <UpdateMark device={device} newer={newerFor(device)} />
      {menu}
    </Group>
  );
}

import type { BackupDevice } from '@st/protocol';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/kit/buttons';
import { Badge } from '../../ui/kit/status';
import { Table } from '../../ui/kit/Table';
import { Text } from '../../ui/kit/text';
import { useDateTime } from './format';

/**
 * Each device with backups: name, address, last backup, how many versions, and its history. Fits a phone
 * (390 px) without scrolling sideways: the address wraps under the name there, the history button is its icon.
 */
export function DeviceTable({
  devices,
  onHistory,
}: {
  devices: BackupDevice[];
  onHistory: (device: BackupDevice) => void;
}) {
  const { t } = useTranslation();
  const date = useDateTime();
  if (devices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('backups.devices.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={0}>
      {/* (cells closer together on a phone: 4 px a side at 390 px, the kit's 10 px on a desk) */}
      <Table
        fz="sm"
        verticalSpacing={4}
        horizontalSpacing="clamp(4px, 1vw, 10px)"
        aria-label={t('backups.devices')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backups.device.name')}</Table.Th>
            <Table.Th>{t('backups.device.last')}</Table.Th>
            <Table.Th>{t('backups.device.versions')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((d) => (
            <Table.Tr key={d.ip} data-testid="backup-device">
              <Table.Td>
                {d.device.name}{' '}
                <Text span size="xs" c="dimmed">
                  {d.ip}
                </Text>
                {d.pending ? (
                  <Badge ml="xs" size="xs" color="orange" variant="light">
                    {t('backups.device.pending')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{date(d.lastBackupAt)}</Table.Td>
              <Table.Td>{d.versions}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconHistory size={14} aria-hidden />}
                  aria-label={t('backups.device.history', { name: d.device.name })}
                  onClick={() => onHistory(d)}
                >
                  <Text span inherit visibleFrom="sm">
                    {t('backups.device.historyButton')}
                  </Text>
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

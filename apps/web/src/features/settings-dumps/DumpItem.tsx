import type { SettingsDumpRecord } from '@st/protocol';
import { IconDotsVertical, IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Menu } from '../../ui/floating/Menu';
import { useFormat } from '../../ui/format';
import { ActionIcon, UnstyledButton } from '../../ui/kit/buttons';
import { Group } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { useCanWrite } from '../accounts/useCanWrite';

export interface DumpItemProps {
  record: SettingsDumpRecord;
  onOpen: (record: SettingsDumpRecord) => void;
  onImport: (record: SettingsDumpRecord) => void;
  onDelete: (record: SettingsDumpRecord) => void;
}

/** A saved dump in the list: which device it came from and when, with import and delete in its menu. */
export function DumpItem({ record, onOpen, onImport, onDelete }: DumpItemProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const created = useFormat().dateTime(record.creationDateTime);
  return (
    <Group justify="space-between" wrap="nowrap" p="xs" data-testid="dump-item">
      <UnstyledButton onClick={() => onOpen(record)} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" truncate>
          {t('device.settings.item.device', { name: record.device.name, ip: record.device.ip })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('device.settings.item.date', { date: created })}
          {record.source === undefined ? null : ` · ${t(`backups.source.${record.source}`)}`}
        </Text>
      </UnstyledButton>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('device.settings.item.menu', { name: record.device.name })}
          >
            <IconDotsVertical size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => onImport(record)}
            disabled={!canWrite}
          >
            {t('device.settings.import')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onDelete(record)}
            disabled={!canWrite}
          >
            {t('device.settings.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

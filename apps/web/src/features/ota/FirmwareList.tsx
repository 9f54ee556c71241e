import type { Firmware } from '@st/protocol';
import { IconDotsVertical, IconDownload, IconEdit, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { Menu } from '../../ui/floating/Menu';
import { ActionIcon } from '../../ui/kit/buttons';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { useCanWrite } from '../accounts/useCanWrite';
import { firmwareDownloadUrl } from './downloadFirmware';
import { formatSize, groupFirmwares } from './otaModel';

export interface FirmwareListProps {
  firmwares: readonly Firmware[];
  onEdit: (f: Firmware) => void;
  onDelete: (f: Firmware) => void;
  onUpload: (f: Firmware) => void;
  onDownload: (f: Firmware) => void;
}

function FirmwareRow({
  firmware: f,
  onEdit,
  onDelete,
  onUpload,
  onDownload,
}: Omit<FirmwareListProps, 'firmwares'> & { firmware: Firmware }) {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite();
  const { config, baseUrl } = useServices();
  const size = formatSize(f.size, i18n.resolvedLanguage ?? i18n.language);
  const download =
    config.mode === 'gateway'
      ? { component: 'a' as const, href: firmwareDownloadUrl(baseUrl, f), download: f.fileName }
      : { onClick: () => onDownload(f) };
  return (
    <Group justify="space-between" wrap="nowrap" pl="md" py={4} data-testid="ota-firmware">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Badge variant="light" size="sm">
            {f.board}
          </Badge>
          <Text size="sm" truncate>
            {f.fileName}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {t('ota.firmware.info.details', { board: f.board, size, md5: f.fileChecksum })}
        </Text>
      </Stack>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('ota.firmware.menu', { type: f.type, version: f.version, board: f.board })}
          >
            <IconDotsVertical size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconUpload size={14} aria-hidden />}
            onClick={() => onUpload(f)}
            disabled={!canWrite}
          >
            {t('ota.firmware.menu.upload')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={() => onEdit(f)}
            disabled={!canWrite}
          >
            {t('ota.firmware.menu.edit')}
          </Menu.Item>
          <Menu.Item leftSection={<IconDownload size={14} aria-hidden />} {...download} disabled={!canWrite}>
            {t('ota.firmware.menu.download')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onDelete(f)}
            disabled={!canWrite}
          >
            {t('ota.firmware.menu.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** Saved firmwares as a tree: type, version, then one row per board. */
export function FirmwareList({ firmwares, ...handlers }: FirmwareListProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="xs" component="section" aria-label={t('ota.saved.list')}>
      <Stack gap="sm">
        {groupFirmwares(firmwares).map((group) => (
          <Stack key={group.type} gap={4}>
            <Text fw={600}>{group.type}</Text>
            {group.versions.map((v) => (
              <Stack key={v.version} gap={0} pl="sm">
                <Text size="sm" fw={500}>
                  {v.version}
                </Text>
                {v.firmwares.map((f) => (
                  <FirmwareRow key={f.id} firmware={f} {...handlers} />
                ))}
              </Stack>
            ))}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

import type { SavedDevice } from '@st/protocol';
import { IconDotsVertical, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Menu } from '../../../ui/floating/Menu';
import { ActionIcon } from '../../../ui/kit/buttons';
import { useCanWrite } from '../../accounts/useCanWrite';

export interface SavedDeviceMenuProps {
  device: SavedDevice;
  onUpdate: (device: SavedDevice) => void;
  onDelete: (device: SavedDevice) => void;
}

/** Update (re-read the device's info) and delete, beside a saved device. */
export function SavedDeviceMenu({ device, onUpdate, onDelete }: SavedDeviceMenuProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('devices.saved.menu', { name: device.name })}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => onUpdate(device)}
          disabled={!canWrite}
        >
          {t('devices.saved.menu.update')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => onDelete(device)}
          disabled={!canWrite}
        >
          {t('devices.saved.menu.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import type { DeviceInfo } from '@st/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { DevicePicker } from './DevicePicker';
import { settingsDumpsEn, settingsDumpsRu } from './messages';
import { useDumpActions } from './useDumpActions';

addTexts(settingsDumpsEn, settingsDumpsRu);

/** Export from device: pick one, save its dump on the gateway, close (closing reloads the list). */
export function ExportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useDumpActions();
  const [device, setDevice] = useState<DeviceInfo | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (device === undefined) return;
    setBusy(true);
    const saved = await actions.exportFrom(device);
    setBusy(false);
    if (saved) onClose();
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={t('device.settings.export.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('device.settings.export.desc')}</Text>
        <DevicePicker label={t('device.settings.export.from')} value={device} onChange={setDevice} />
        <Group justify="flex-end">
          <Button onClick={() => void run()} disabled={device === undefined} loading={busy}>
            {t('device.settings.export')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

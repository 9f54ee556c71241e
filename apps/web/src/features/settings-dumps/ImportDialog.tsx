import { type DeviceInfo, hasMaskedSecret, type SettingsDumpRecord } from '@st/protocol';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { Textarea } from '../../ui/kit/textFields';
import { DevicePicker } from './DevicePicker';
import { DeviceSummary } from './DeviceSummary';
import { DumpDiffView } from './DumpDiffView';
import { settingsDumpsEn, settingsDumpsRu } from './messages';
import { SecretsMaskedNote } from './SecretsMaskedNote';
import { useDumpActions } from './useDumpActions';

addTexts(settingsDumpsEn, settingsDumpsRu);

export interface ImportDialogProps {
  record: SettingsDumpRecord | undefined;
  opened: boolean;
  onClose: () => void;
}

/** Import to device: a target is required; then the danger warning, what would change, and the confirm. */
export function ImportDialog({ record, opened, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={opened && record !== undefined}
      onClose={onClose}
      title={t('device.settings.import.title')}
      size="large"
    >
      {/* A fresh form per opening: the target of a previous import is never reused by accident. */}
      {record === undefined ? null : <ImportForm record={record} onDone={onClose} />}
    </AppModal>
  );
}

function ImportForm({ record, onDone }: { record: SettingsDumpRecord; onDone: () => void }) {
  const { t } = useTranslation();
  const actions = useDumpActions();
  const [target, setTarget] = useState<DeviceInfo | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // the gateway refuses a dump whose password is the viewer mask (it would become the device's password)
  const masked = record.secretsMasked === true || hasMaskedSecret(record.dump);

  const run = async () => {
    if (target === undefined) return;
    setBusy(true);
    const sent = await actions.importTo(record, target);
    setBusy(false);
    if (sent) onDone();
  };

  return (
    <Stack gap="sm">
      <DevicePicker
        label={t('device.settings.import.target')}
        value={target}
        onChange={setTarget}
        first={record.device.ip}
      />
      {target === undefined ? (
        <Text size="sm" c="dimmed">
          {t('device.settings.import.pick')}
        </Text>
      ) : (
        <>
          <Alert
            color="red"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('device.settings.import.header.danger')}
          >
            {t('device.settings.import.header.desc')}
          </Alert>
          <DeviceSummary device={target} />
          <Textarea
            label={t('device.settings.import.dump')}
            value={record.dump}
            readOnly
            autosize
            minRows={2}
            maxRows={5}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          />
          <DumpDiffView key={target.ip} dump={record.dump} device={target} />
          {masked ? <SecretsMaskedNote why="import" /> : null}
          <Group justify="flex-end">
            <Button color="red" onClick={() => void run()} loading={busy} disabled={masked}>
              {t('device.settings.import.confirm')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

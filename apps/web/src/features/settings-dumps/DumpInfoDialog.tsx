import type { SettingsDumpRecord } from '@st/protocol';
import { IconDownload, IconFileDownload, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { downloadText } from '../../ui/downloadText';
import { useFormat } from '../../ui/format';
import { Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { Textarea } from '../../ui/kit/textFields';
import { Switch } from '../../ui/kit/toggles';
import { useCanWrite } from '../accounts/useCanWrite';
import { DeviceSummary } from './DeviceSummary';
import { DumpDetails } from './DumpDetails';
import { maskDumpSecrets } from './dumpContent';
import { settingsDumpsEn, settingsDumpsRu } from './messages';
import { SecretsMaskedNote } from './SecretsMaskedNote';

addTexts(settingsDumpsEn, settingsDumpsRu);

export interface DumpInfoDialogProps {
  record: SettingsDumpRecord | undefined;
  opened: boolean;
  onClose: () => void;
  onImport: (record: SettingsDumpRecord) => void;
  onDelete: (record: SettingsDumpRecord) => void;
}

/** A saved dump: where and when it was taken, its settings decoded, the raw text, import and delete. */
export function DumpInfoDialog({ record, opened, onClose, onImport, onDelete }: DumpInfoDialogProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const format = useFormat();
  // Secrets (the WiFi password) are masked in both views until the user reveals them, per dump.
  const [reveal, setReveal] = useState(false);
  useEffect(() => setReveal(false), [record?.id]);
  return (
    <AppModal
      opened={opened && record !== undefined}
      onClose={onClose}
      title={t('device.settings.info.header')}
      size="large"
    >
      {record === undefined ? null : (
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            {t('device.settings.info.device')}
          </Text>
          <DeviceSummary device={record.device} />
          <Text size="xs" c="dimmed">
            {t('device.settings.info.date')}: {format.dateTime(record.creationDateTime)}
          </Text>
          {/* a viewer's copy holds the mask, not the password: there is nothing to reveal */}
          {record.secretsMasked ? (
            <SecretsMaskedNote why="viewer" />
          ) : (
            <Switch
              checked={reveal}
              onChange={(e) => setReveal(e.currentTarget.checked)}
              label={t('device.settings.secrets.reveal')}
            />
          )}
          <DumpDetails dump={record.dump} reveal={reveal} />
          <Textarea
            label={t('device.settings.info.dump')}
            value={reveal ? record.dump : maskDumpSecrets(record.dump)}
            readOnly
            autosize
            minRows={2}
            maxRows={6}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconFileDownload size={14} aria-hidden />}
              onClick={() => downloadText(record.dump, dumpFileName(record))}
            >
              {t('device.settings.download')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onDelete(record)}
              disabled={!canWrite}
            >
              {t('device.settings.delete')}
            </Button>
            <Button
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => onImport(record)}
              disabled={!canWrite}
            >
              {t('device.settings.import')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}

/** `<device name>-<ip>-<date>.txt`, safe for a file system. */
export function dumpFileName(record: SettingsDumpRecord): string {
  const day = record.creationDateTime.slice(0, 10);
  return `${record.device.name}-${record.device.ip}-${day}.txt`.replace(/[^\w.-]+/g, '_');
}

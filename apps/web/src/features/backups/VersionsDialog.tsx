import type { BackupDevice, SettingsDumpRecord } from '@st/protocol';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { Loader } from '../../ui/kit/feedback';
import { Center, Group, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { useCanWrite } from '../accounts/useCanWrite';
import { settingsDumpsEn, settingsDumpsRu } from '../settings-dumps/messages';
import { SecretsMaskedNote } from '../settings-dumps/SecretsMaskedNote';
import { backupKeys } from './backupsApi';
import { useDateTime } from './format';
import { backupsEn, backupsRu } from './messages';
import { useBackupsApi } from './useBackupsApi';
import { VersionDiff } from './VersionDiff';

addTexts(backupsEn, backupsRu);
addTexts(settingsDumpsEn, settingsDumpsRu);

export interface VersionsDialogProps {
  device: BackupDevice | undefined;
  onClose: () => void;
  onRestore: (record: SettingsDumpRecord) => void;
}

/** A device's versions, newest first: pick two to compare, or restore one (the import with its diff). */
export function VersionsDialog({ device, onClose, onRestore }: VersionsDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={device !== undefined}
      onClose={onClose}
      size="large"
      title={device ? t('backups.history.title', { name: device.device.name, ip: device.ip }) : ''}
    >
      {device === undefined ? null : <Versions key={device.ip} ip={device.ip} onRestore={onRestore} />}
    </AppModal>
  );
}

function Versions({ ip, onRestore }: { ip: string; onRestore: (record: SettingsDumpRecord) => void }) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const date = useDateTime();
  const { api, gatewayKey } = useBackupsApi();
  const versions = useQuery({
    queryKey: backupKeys.versions(gatewayKey, ip),
    queryFn: () => api.versions(ip),
  });
  const [picked, setPicked] = useState<string[]>([]);
  if (versions.isPending) {
    return (
      <Center p="md">
        <Loader role="status" size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  const list = versions.data ?? [];
  const toggle = (id: string, on: boolean) =>
    setPicked((now) => (on ? [...now.filter((x) => x !== id), id].slice(-2) : now.filter((x) => x !== id)));
  // The list is newest first: the picked one further down is the older.
  const chosen = list.filter((v) => picked.includes(v.id));
  const [newer, older] = chosen;
  return (
    <Stack gap="xs">
      {list.some((v) => v.secretsMasked) ? <SecretsMaskedNote why="viewer" /> : null}
      <Text size="xs" c="dimmed">
        {t('backups.history.pick')}
      </Text>
      {list.map((v) => (
        <Group key={v.id} justify="space-between" wrap="nowrap" data-testid="backup-version">
          <Checkbox
            checked={picked.includes(v.id)}
            onChange={(e) => toggle(v.id, e.currentTarget.checked)}
            aria-label={t('backups.history.select', { date: date(v.creationDateTime) })}
            label={
              <Group gap="xs">
                <Text size="sm">{date(v.creationDateTime)}</Text>
                <Badge size="xs" variant="light">
                  {t(`backups.source.${v.source ?? 'manual'}`)}
                </Badge>
              </Group>
            }
          />
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => onRestore(v)}
            disabled={!canWrite}
          >
            {t('backups.history.restore')}
          </Button>
        </Group>
      ))}
      {newer !== undefined && older !== undefined ? <VersionDiff older={older} newer={newer} /> : null}
    </Stack>
  );
}

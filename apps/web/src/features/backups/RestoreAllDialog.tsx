import type { BackupDevice } from '@st/protocol';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { describeFailure } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Progress, ThemeIcon } from '../../ui/kit/progress';
import { Alert } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { List } from '../../ui/kit/textBlocks';
import { backupsEn, backupsRu } from './messages';
import { summary } from './summary';
import { useBackupsApi } from './useBackupsApi';

addTexts(backupsEn, backupsRu);

type Outcome =
  | { state: 'waiting' }
  | { state: 'running' }
  | { state: 'ok' }
  | { state: 'failed'; reason: string };

export interface RestoreAllDialogProps {
  opened: boolean;
  devices: BackupDevice[];
  onClose: () => void;
}

/** Devices per restore-all call (the gateway's limit of devices at once applies within each). */
const RESTORE_PART = 16;

/** Restores every device from its latest backup, several at once, with a progress bar and each outcome. */
export function RestoreAllDialog({ opened, devices, onClose }: RestoreAllDialogProps) {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { api } = useBackupsApi();
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [running, setRunning] = useState(false);
  const done = Object.values(outcomes).filter((o) => o.state === 'ok' || o.state === 'failed').length;
  const started = Object.keys(outcomes).length > 0;

  const start = async () => {
    setRunning(true);
    setOutcomes(Object.fromEntries(devices.map((d) => [d.ip, { state: 'waiting' } as Outcome])));
    let ok = 0;
    // in parts: the gateway restores each part several devices at once, and the bar moves part by part
    for (let at = 0; at < devices.length; at += RESTORE_PART) {
      const part = devices.slice(at, at + RESTORE_PART);
      setOutcomes((o) => ({ ...o, ...Object.fromEntries(part.map((d) => [d.ip, { state: 'running' }])) }));
      try {
        const { results } = await api.restoreMany(part.map((d) => ({ id: d.lastBackupId, ip: d.ip })));
        ok += results.filter((r) => r.ok).length;
        setOutcomes((o) => ({
          ...o,
          ...Object.fromEntries(
            results.map((r) => [
              r.ip,
              r.ok ? { state: 'ok' } : { state: 'failed', reason: r.error ?? r.code ?? '' },
            ]),
          ),
        }));
      } catch (error) {
        const reason = serverMessage(error) ?? describeFailure(error, t);
        setOutcomes((o) => ({
          ...o,
          ...Object.fromEntries(part.map((d) => [d.ip, { state: 'failed', reason }])),
        }));
      }
    }
    setRunning(false);
    const caption = t('backups.restoreAll.finished', {
      summary: summary(t, [
        ['restored', ok],
        ['failed', devices.length - ok],
      ]),
    });
    if (ok === devices.length) toaster.success({ caption });
    else toaster.warn({ caption });
  };
  const close = () => {
    if (running) return;
    setOutcomes({});
    onClose();
  };

  return (
    <AppModal opened={opened} onClose={close} title={t('backups.restoreAll.title')} size="large">
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
          {t('backups.restoreAll.desc')}
        </Alert>
        {started ? (
          <>
            <Progress
              value={devices.length === 0 ? 100 : (done / devices.length) * 100}
              aria-label={t('backups.restoreAll.progress', { done, count: devices.length })}
              data-testid="restore-all-progress"
            />
            <Text size="xs">{t('backups.restoreAll.progress', { done, count: devices.length })}</Text>
          </>
        ) : null}
        <List spacing={4} size="sm" data-testid="restore-all-list">
          {devices.map((d) => (
            <List.Item key={d.ip} icon={<OutcomeIcon outcome={outcomes[d.ip]} />}>
              {d.device.name} ({d.ip}): <OutcomeText outcome={outcomes[d.ip]} />
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={running}>
            {t('common.close')}
          </Button>
          <Button color="red" onClick={() => void start()} loading={running} disabled={devices.length === 0}>
            {t('backups.restoreAll.start', { count: devices.length })}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function OutcomeIcon({ outcome }: { outcome: Outcome | undefined }) {
  if (outcome?.state === 'ok') {
    return (
      <ThemeIcon size={16} color="green" radius="xl">
        <IconCheck size={12} aria-hidden />
      </ThemeIcon>
    );
  }
  if (outcome?.state === 'failed') {
    return (
      <ThemeIcon size={16} color="red" radius="xl">
        <IconX size={12} aria-hidden />
      </ThemeIcon>
    );
  }
  return <ThemeIcon size={16} color="gray" radius="xl" variant="light" />;
}

function OutcomeText({ outcome }: { outcome: Outcome | undefined }) {
  const { t } = useTranslation();
  switch (outcome?.state) {
    case 'ok':
      return <span data-outcome="ok">{t('backups.restoreAll.ok')}</span>;
    case 'failed':
      return <span data-outcome="failed">{outcome.reason}</span>;
    case 'running':
      return <span>{t('backups.restoreAll.running')}</span>;
    default:
      return <span>{t('backups.restoreAll.waiting')}</span>;
  }
}

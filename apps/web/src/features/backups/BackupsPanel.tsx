import type { BackupDevice, BackupSchedule, SettingsDumpRecord } from '@st/protocol';
import { IconCloudDownload, IconFileZip, IconPlayerPlay, IconRestore, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';
import { Button, FileButton } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Center, Group, Paper, Stack } from '../../ui/kit/layout';
import { Title } from '../../ui/kit/text';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { useCanWrite } from '../accounts/useCanWrite';
import { dumpKeys } from '../settings-dumps/dumpsApi';
import { backupKeys } from './backupsApi';
import { DeviceTable } from './DeviceTable';
import { LastRun } from './LastRun';
import { ScheduleForm } from './ScheduleForm';
import { summary } from './summary';
import { useBackupsApi } from './useBackupsApi';

const VersionsDialog = lazy(() => import('./VersionsDialog').then((m) => ({ default: m.VersionsDialog })));
const RestoreAllDialog = lazy(() =>
  import('./RestoreAllDialog').then((m) => ({ default: m.RestoreAllDialog })),
);
const ImportDialog = lazy(() =>
  import('../settings-dumps/ImportDialog').then((m) => ({ default: m.ImportDialog })),
);

/** The settings screen's backups: schedule, last run, run now, devices and their versions, restore, zip. */
export function BackupsPanel() {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const { toaster, log } = useServices();
  const { api, gatewayKey, mode } = useBackupsApi();
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: backupKeys.overview(gatewayKey), queryFn: api.overview });
  const [history, setHistory] = useState<BackupDevice | undefined>(undefined);
  const [restoring, setRestoring] = useState<SettingsDumpRecord | undefined>(undefined);
  const [restoreAll, setRestoreAll] = useState(false);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const dialogsLoaded = useOpenedOnce(history !== undefined || restoring !== undefined || restoreAll);

  useEffect(() => {
    if (overview.error === null) return;
    log.warn('Failed to load backups', overview.error);
    toaster.error({ caption: t('backups.load.error') });
  }, [overview.error, log, toaster, t]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: backupKeys.overview(gatewayKey) }),
      queryClient.invalidateQueries({ queryKey: dumpKeys.list(gatewayKey) }),
    ]);
  /** Runs one action with its button spinning; a failure becomes an error toast with the server's reason. */
  const act = async (name: string, caption: string, work: () => Promise<void>) => {
    setBusy(name);
    try {
      await work();
    } catch (error) {
      log.warn(`Backups: ${name} failed`, error);
      toaster.error({ caption, description: serverMessage(error) ?? describeFailure(error, t) });
    } finally {
      setBusy(undefined);
      await refresh();
    }
  };
  const saveSchedule = (schedule: BackupSchedule) =>
    act('schedule', t('backups.schedule.error'), async () => {
      await api.setSchedule(schedule);
      toaster.success({ caption: t('backups.schedule.saved') });
    });
  const runNow = () =>
    act('run', t('backups.run.error'), async () => {
      const r = await api.run();
      const caption = t('backups.run.done', {
        summary: summary(t, [
          ['new', r.backedUp],
          ['unchanged', r.unchanged],
          ['failed', r.failed.length],
        ]),
      });
      if (r.failed.length === 0) toaster.success({ caption });
      else toaster.warn({ caption });
    });
  const upload = (file: File | null) =>
    file === null
      ? undefined
      : act('upload', t('backups.archive.error'), async () => {
          const r = await api.upload(file);
          const parts = [
            ['new', r.imported],
            ['skipped', r.skipped],
          ] as const;
          toaster.success({ caption: t('backups.archive.uploaded', { summary: summary(t, parts) }) });
        });
  const download = () =>
    // Any call through the http client renews an expired session (the overview is the cheapest).
    act('download', t('backups.archive.download.error'), () => api.download(api.overview));
  const pull = () =>
    act('pull', t('backups.cloud.error'), async () => {
      const r = await api.pullFromCloud();
      toaster.success({ caption: t('backups.cloud.pulled', { imported: r.imported, count: r.fetched }) });
    });

  const data = overview.data;
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby="backups-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="backups-title">
          {t('backups.title')}
        </Title>
        {data === undefined ? (
          <Center p="md">
            <Loader role="status" size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : (
          <>
            <ScheduleForm
              key={JSON.stringify(data.schedule)}
              schedule={data.schedule}
              onSave={saveSchedule}
            />
            <LastRun overview={data} />
            <Group gap="xs">
              <Button
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                loading={busy === 'run'}
                onClick={() => void runNow()}
                disabled={!canWrite}
              >
                {t('backups.run')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconRestore size={16} aria-hidden />}
                onClick={() => setRestoreAll(true)}
                disabled={data.devices.length === 0 || !canWrite}
              >
                {t('backups.restoreAll')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconFileZip size={16} aria-hidden />}
                loading={busy === 'download'}
                onClick={() => void download()}
                disabled={!canWrite}
              >
                {t('backups.archive.download')}
              </Button>
              <FileButton onChange={(f) => void upload(f)} accept="application/zip,.zip" disabled={!canWrite}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    loading={busy === 'upload'}
                    disabled={!canWrite}
                  >
                    {t('backups.archive.upload')}
                  </Button>
                )}
              </FileButton>
              {mode === 'cloud' ? (
                <Button
                  variant="default"
                  leftSection={<IconCloudDownload size={16} aria-hidden />}
                  loading={busy === 'pull'}
                  onClick={() => void pull()}
                  disabled={!canWrite}
                >
                  {t('backups.cloud.pull')}
                </Button>
              ) : null}
            </Group>
            <DeviceTable devices={data.devices} onHistory={setHistory} />
          </>
        )}
      </Stack>
      {dialogsLoaded ? (
        <Suspense fallback={null}>
          <VersionsDialog
            device={restoring === undefined ? history : undefined}
            onClose={() => setHistory(undefined)}
            onRestore={setRestoring}
          />
          <ImportDialog
            record={restoring}
            opened={restoring !== undefined}
            onClose={() => setRestoring(undefined)}
          />
          <RestoreAllDialog
            opened={restoreAll}
            devices={data?.devices ?? []}
            onClose={() => {
              setRestoreAll(false);
              void refresh();
            }}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}

// Mantine styles of the components only this screen uses (the shell loads the common ones).
import type { Firmware } from '@st/protocol';
import { IconPlus, IconRefreshAlert } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Center, Group, SimpleGrid, Stack } from '../../ui/kit/layout';
import { Text, Title } from '../../ui/kit/text';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { useCanWrite } from '../accounts/useCanWrite';
import { ViewerNote } from '../accounts/ViewerNote';
import { fleetEn, fleetRu } from '../fleet/messages';
import { FirmwareList } from './FirmwareList';
import { otaEn, otaRu } from './messages';
import { otaKeys } from './otaKeys';
import { UploadCard } from './UploadCard';
import { UploadHistory } from './UploadHistory';
import { useActiveUploads } from './useActiveUploads';
import { useOtaActions } from './useOtaActions';
import { useOtaApi } from './useOtaApi';

addTexts(otaEn, otaRu);
addTexts(fleetEn, fleetRu);

// The dialogs (their selects, file input and device list) are downloaded when one is first opened.
const FirmwareDialog = lazy(() => import('./FirmwareDialog').then((m) => ({ default: m.FirmwareDialog })));
const UploadDialog = lazy(() => import('./UploadDialog').then((m) => ({ default: m.UploadDialog })));
const OutdatedDialog = lazy(() =>
  import('../fleet/OutdatedDialog').then((m) => ({ default: m.OutdatedDialog })),
);

/** Toasts a load failure once per error. */
function useLoadErrorToast(error: Error | null, caption: string) {
  const { toaster, log } = useServices();
  useEffect(() => {
    if (error === null) return;
    log.warn(caption, error);
    toaster.error({ caption });
  }, [error, caption, toaster, log]);
}

const Loading = () => {
  const { t } = useTranslation();
  return (
    <Center p="md">
      <Loader role="status" size="sm" aria-label={t('common.loading')} />
    </Center>
  );
};

/** Route `ota`: the firmware library, uploads running now with live progress, and finished uploads. */
export default function OtaPage() {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const { api, gatewayKey } = useOtaApi();
  const actions = useOtaActions();
  const firmwares = useQuery({ queryKey: otaKeys.firmwares(gatewayKey), queryFn: api.firmwares });
  const active = useActiveUploads();
  const history = useQuery({ queryKey: otaKeys.history(gatewayKey), queryFn: api.history });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Firmware | undefined>(undefined);
  const [uploading, setUploading] = useState<Firmware | undefined>(undefined);
  const [updatingOutdated, setUpdatingOutdated] = useState(false);
  const dialogsLoaded = useOpenedOnce(
    adding || editing !== undefined || uploading !== undefined || updatingOutdated,
  );
  useLoadErrorToast(firmwares.error, t('ota.load.saved.error'));
  useLoadErrorToast(active.error, t('ota.load.running.error'));
  useLoadErrorToast(history.error, t('ota.load.history.error'));

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('ota.saved.header')}
          </Title>
          <Group gap="xs">
            {canWrite ? (
              <Button
                variant="light"
                leftSection={<IconRefreshAlert size={16} aria-hidden />}
                onClick={() => setUpdatingOutdated(true)}
              >
                {t('fleet.outdated.button')}
              </Button>
            ) : null}
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
              disabled={!canWrite}
            >
              {t('ota.add.button')}
            </Button>
          </Group>
        </Group>
        <ViewerNote />
        {firmwares.isPending ? <Loading /> : null}
        {firmwares.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ota.saved.empty')}
          </Text>
        ) : null}
        {firmwares.data !== undefined && firmwares.data.length > 0 ? (
          <FirmwareList
            firmwares={firmwares.data}
            onEdit={setEditing}
            onDelete={(f) => void actions.remove(f)}
            onUpload={setUploading}
            onDownload={(f) => void actions.download(f)}
          />
        ) : null}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('ota.running.header')}
        </Title>
        {active.isPending ? <Loading /> : null}
        {active.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ota.running.empty')}
          </Text>
        ) : null}
        {(active.data ?? []).map((task) => (
          <UploadCard key={task.taskId} task={task} onAbort={(x) => void actions.abort(x)} />
        ))}
        <Title order={2} size="h3" mt="md">
          {t('ota.history.header')}
        </Title>
        {history.isPending ? <Loading /> : null}
        {history.data !== undefined ? <UploadHistory tasks={history.data} /> : null}
      </Stack>
      {dialogsLoaded ? (
        <Suspense fallback={null}>
          <FirmwareDialog opened={adding} onClose={() => setAdding(false)} />
          <FirmwareDialog
            opened={editing !== undefined}
            firmware={editing}
            onClose={() => setEditing(undefined)}
          />
          <UploadDialog firmware={uploading} onClose={() => setUploading(undefined)} />
          <OutdatedDialog opened={updatingOutdated} onClose={() => setUpdatingOutdated(false)} />
        </Suspense>
      ) : null}
    </SimpleGrid>
  );
}

import type { SettingsDumpRecord } from '@st/protocol';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Center, Group, Paper, Stack } from '../../ui/kit/layout';
import { Divider } from '../../ui/kit/layoutBlocks';
import { Title } from '../../ui/kit/text';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { useCanWrite } from '../accounts/useCanWrite';
import { ViewerNote } from '../accounts/ViewerNote';
import { BackupsPanel } from '../backups/BackupsPanel';
import { backupsEn, backupsRu } from '../backups/messages';
import { DumpItem } from './DumpItem';
import { dumpKeys } from './dumpsApi';
import { settingsDumpsEn, settingsDumpsRu } from './messages';
import { SecretsMaskedNote } from './SecretsMaskedNote';
import { useDumpActions } from './useDumpActions';
import { useDumpsApi } from './useDumpsApi';

addTexts(settingsDumpsEn, settingsDumpsRu);
addTexts(backupsEn, backupsRu);

// The dialogs (diff view, device picker, import text) are downloaded when one is first opened.
const DumpInfoDialog = lazy(() => import('./DumpInfoDialog').then((m) => ({ default: m.DumpInfoDialog })));
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));
const ExportDialog = lazy(() => import('./ExportDialog').then((m) => ({ default: m.ExportDialog })));

/** Route `settings`: the saved device settings manager (spec section 2 and 4). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const { toaster, log } = useServices();
  const { api, gatewayKey } = useDumpsApi();
  const actions = useDumpActions();
  const list = useQuery({ queryKey: dumpKeys.list(gatewayKey), queryFn: api.list });
  const [selected, setSelected] = useState<SettingsDumpRecord | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const dialogsLoaded = useOpenedOnce(selected !== undefined || importing || exporting);

  useEffect(() => {
    if (list.error === null) return;
    log.warn('Failed to load saved device settings', list.error);
    toaster.error({ caption: t('device.settings.load.error') });
  }, [list.error, log, toaster, t]);

  const startImport = (record: SettingsDumpRecord) => {
    setSelected(record);
    setImporting(true);
  };
  const closeImport = () => {
    setImporting(false);
    setSelected(undefined);
  };
  const remove = async (record: SettingsDumpRecord) => {
    // The question is asked on its own: the info dialog steps aside until it is answered.
    setConfirming(true);
    const removed = await actions.remove(record);
    setConfirming(false);
    if (removed) setSelected((current) => (current?.id === record.id ? undefined : current));
  };
  const closeExport = () => {
    setExporting(false);
    void actions.reload();
  };

  return (
    <Stack gap="sm" maw={720}>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('device.settings.manager.menu.header')}
        </Title>
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => setExporting(true)}
          disabled={!canWrite}
        >
          {t('device.settings.export')}
        </Button>
      </Group>
      <ViewerNote />
      {list.data?.some((r) => r.secretsMasked) ? <SecretsMaskedNote why="viewer" /> : null}
      <BackupsPanel />
      {list.isPending ? (
        <Center p="md">
          <Loader role="status" size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : null}
      {list.data?.length === 0 ? (
        <Title order={3} size="h5" c="dimmed">
          {t('device.settings.empty')}
        </Title>
      ) : null}
      {list.data !== undefined && list.data.length > 0 ? (
        <Paper
          component="ul"
          withBorder
          radius="sm"
          aria-label={t('device.settings.list')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {list.data.map((record, i) => (
            <Fragment key={record.id}>
              {i > 0 ? <Divider component="li" aria-hidden /> : null}
              <li>
                <DumpItem
                  record={record}
                  onOpen={setSelected}
                  onImport={startImport}
                  onDelete={(r) => void remove(r)}
                />
              </li>
            </Fragment>
          ))}
        </Paper>
      ) : null}
      {dialogsLoaded ? (
        <Suspense fallback={null}>
          <DumpInfoDialog
            record={selected}
            opened={selected !== undefined && !importing && !confirming}
            onClose={() => setSelected(undefined)}
            onImport={startImport}
            onDelete={(r) => void remove(r)}
          />
          <ImportDialog record={selected} opened={importing} onClose={closeImport} />
          <ExportDialog opened={exporting} onClose={closeExport} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

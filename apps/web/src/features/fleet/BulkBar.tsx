import type { DeviceInfo } from '@st/protocol';
import { IconDownload, IconPower, IconUpload, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Tooltip } from '../../ui/floating/Tooltip';
import { ActionIcon, Button } from '../../ui/kit/buttons';
import { Group, Paper } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import type { BulkAction } from './BulkDialog';
import { fleetEn, fleetRu } from './messages';
import type { Selection } from './useSelection';

addTexts(fleetEn, fleetRu);

// Downloaded when a bulk action first runs.
const BulkDialog = lazy(() => import('./BulkDialog').then((m) => ({ default: m.BulkDialog })));

/**
 * Above the device lists while devices are chosen: how many, and restart, export settings or upload firmware
 * for all of them. Only for users who may change devices (the lists offer no checkboxes to a viewer).
 */
export function BulkBar({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [running, setRunning] = useState<{ action: BulkAction; devices: DeviceInfo[] } | undefined>();
  const loaded = useOpenedOnce(running !== undefined);
  const { devices } = selection;
  const run = async (action: BulkAction) => {
    if (action === 'restart') {
      const message = t('fleet.bulk.restart.confirm', { devices: devices.map((d) => d.name).join(', ') });
      if (!(await confirm({ message, danger: true }))) return;
    }
    setRunning({ action, devices });
  };
  return (
    <>
      {devices.length === 0 ? null : (
        <Paper withBorder p={6} radius="sm" component="section" aria-label={t('fleet.bulk.label')}>
          <Group gap={6} justify="space-between" wrap="wrap">
            <Text size="sm" fw={600} role="status">
              {t('fleet.bulk.selected', { count: devices.length })}
            </Text>
            <Tooltip label={t('fleet.bulk.clear')}>
              <ActionIcon variant="subtle" onClick={selection.clear} aria-label={t('fleet.bulk.clear')}>
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Group gap={6} mt={4}>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconPower size={14} aria-hidden />}
              onClick={() => void run('restart')}
            >
              {t('fleet.bulk.restart')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => void run('export')}
            >
              {t('fleet.bulk.export')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} aria-hidden />}
              onClick={() => void run('firmware')}
            >
              {t('fleet.bulk.firmware')}
            </Button>
          </Group>
        </Paper>
      )}
      {loaded ? (
        <Suspense fallback={null}>
          <BulkDialog
            action={running?.action}
            devices={running?.devices ?? []}
            onClose={() => setRunning(undefined)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

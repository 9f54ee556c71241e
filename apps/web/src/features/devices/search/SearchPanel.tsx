import type { DeviceInfo } from '@st/protocol';
import { IconChevronLeft, IconCpu, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../ui/floating/Tooltip';
import { ActionIcon, Button } from '../../../ui/kit/buttons';
import { TextInput } from '../../../ui/kit/inputs';
import { Group, Paper, Stack } from '../../../ui/kit/layout';
import { useOpenedOnce } from '../../../ui/useOpenedOnce';
import { useCanWrite } from '../../accounts/useCanWrite';
import { useSelection } from '../../fleet/useSelection';
import { FoundDevices } from './FoundDevices';
import { RowBadgesProvider } from './RowBadges';
import { SavedDevices } from './SavedDevices';

// Downloaded with the first selection (issue 21: 0.8 KiB gzip off the first screen); it stays mounted after,
// so a bulk action's dialog outlives a cleared selection.
const BulkBar = lazy(() => import('../../fleet/BulkBar').then((m) => ({ default: m.BulkBar })));

export interface SearchPanelProps {
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  selected: DeviceInfo | undefined;
  onSelect: (device: DeviceInfo) => void;
  onDeleted: (ip: string) => void;
  query: string;
  onQueryChange: (query: string) => void;
}

/** The collapsible device search list beside the device panel: found devices, then saved devices. */
export function SearchPanel({
  expanded,
  onExpandedChange,
  selected,
  onSelect,
  onDeleted,
  query,
  onQueryChange,
}: SearchPanelProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const chosen = useSelection();
  const selection = canWrite ? chosen : undefined;
  const bulkBar = useOpenedOnce((selection?.devices.length ?? 0) > 0);
  if (!expanded) {
    return (
      <Button
        variant="light"
        leftSection={<IconCpu size={18} aria-hidden />}
        onClick={() => onExpandedChange(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('devices.panel.devices')}
      </Button>
    );
  }
  return (
    <Paper
      withBorder
      shadow="sm"
      p="sm"
      w={380}
      maw="100%"
      component="aside"
      aria-label={t('devices.panel.search')}
    >
      <Stack gap="md">
        {selected === undefined ? null : (
          <Group justify="flex-end">
            <Tooltip label={t('devices.panel.collapse')}>
              <ActionIcon
                variant="subtle"
                onClick={() => onExpandedChange(false)}
                aria-label={t('devices.panel.collapse')}
              >
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
        <TextInput
          type="search"
          aria-label={t('devices.list.search')}
          placeholder={t('devices.list.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(e) => onQueryChange(e.currentTarget.value)}
        />
        {selection === undefined || !bulkBar ? null : (
          <Suspense fallback={null}>
            <BulkBar selection={selection} />
          </Suspense>
        )}
        <RowBadgesProvider>
          <FoundDevices selectedIp={selected?.ip} onSelect={onSelect} query={query} selection={selection} />
          <SavedDevices
            selectedIp={selected?.ip}
            onSelect={onSelect}
            onDeleted={onDeleted}
            query={query}
            selection={selection}
          />
        </RowBadgesProvider>
      </Stack>
    </Paper>
  );
}

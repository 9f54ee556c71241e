import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { Popover } from '../../ui/floating/Popover';
import { ActionIcon, Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Indicator } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';

const ToastHistoryList = lazy(() => import('./ToastHistoryList'));

/** The header's bell: unread count, and a panel with every toast shown, "close all toasts" and "clear". */
export function NotificationBell() {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { history } = toaster;
  const { records, unread } = useSyncExternalStore(history.subscribe, history.snapshot);
  const [opened, setOpened] = useState(false);
  // (the browser opens and closes the panel: the bell is its popover's button)
  const toggled = (open: boolean) => {
    if (open) history.markRead();
    setOpened(open);
  };
  const label = unread > 0 ? t('toasts.bell.unread', { count: unread }) : t('toasts.bell');
  return (
    <Popover opened={opened} onChange={toggled} position="bottom-end">
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={label}>
          <Indicator label={unread} disabled={unread === 0} size={16} offset={2} color="red">
            <IconBell size={20} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown width={340}>
        <Stack gap="xs" role="region" aria-label={t('toasts.history.title')}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{t('toasts.history.title')}</Text>
          </Group>
          <Group gap="xs">
            <Button size="compact-xs" variant="light" onClick={() => toaster.closeAll()}>
              {t('toasts.closeAll')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              disabled={records.length === 0}
              onClick={() => history.clear()}
            >
              {t('toasts.history.clear')}
            </Button>
          </Group>
          {records.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('toasts.history.empty')}
            </Text>
          ) : (
            // the list, with its scroll area, loads when first shown (issue 21: not on every first screen)
            <Suspense fallback={null}>
              <ToastHistoryList records={records} />
            </Suspense>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

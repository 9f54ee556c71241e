import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { useFormat } from '../../ui/format';

const COLORS = { info: 'blue', warning: 'yellow', success: 'green', error: 'red' } as const;

/** The header's bell: unread count, and a panel with every toast shown, "close all toasts" and "clear". */
export function NotificationBell() {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { history } = toaster;
  const { records, unread } = useSyncExternalStore(history.subscribe, history.snapshot);
  const format = useFormat();
  const [opened, setOpened] = useState(false);
  const toggle = () => {
    if (!opened) history.markRead();
    setOpened((o) => !o);
  };
  const label = unread > 0 ? t('toasts.bell.unread', { count: unread }) : t('toasts.bell');
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={toggle}>
          <Indicator label={unread} disabled={unread === 0} size={16} offset={2} color="red">
            <IconBell size={20} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
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
            <ScrollArea.Autosize mah={360}>
              <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {records.map((r) => (
                  <li key={r.id} data-testid="toast-history-item">
                    <Text size="sm" fw={500} c={COLORS[r.type]}>
                      {r.caption}
                    </Text>
                    {r.description === undefined ? null : <Text size="xs">{r.description}</Text>}
                    <Text size="xs" c="dimmed">
                      {r.source === undefined ? '' : `${r.source} · `}
                      {format.dateTime(r.at)}
                    </Text>
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

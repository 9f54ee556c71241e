import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../ui/floating/Tooltip';
import { ActionIcon } from '../../../ui/kit/buttons';
import { Loader } from '../../../ui/kit/feedback';
import { Group, Stack } from '../../../ui/kit/layout';
import { Text, Title } from '../../../ui/kit/text';

export interface ListSectionProps {
  title: string;
  refreshing: boolean;
  onRefresh: () => void;
  /** Extra buttons beside refresh (add device). */
  actions?: ReactNode;
  /** Shown instead of the list: loading, empty, disabled. */
  placeholder?: string | undefined;
  children: ReactNode;
}

/** A heading with a refresh button above a device list, or the list's empty/loading text. */
export function ListSection({
  title,
  refreshing,
  onRefresh,
  actions,
  placeholder,
  children,
}: ListSectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{title}</Title>
        <Group gap={4} wrap="nowrap">
          {actions}
          <Tooltip label={t('common.refresh')}>
            <ActionIcon
              variant="subtle"
              onClick={onRefresh}
              disabled={refreshing}
              aria-label={t('devices.list.refresh', { list: title })}
            >
              {refreshing ? <Loader size={14} /> : <IconRefresh size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {placeholder === undefined ? (
        children
      ) : (
        <Text size="sm" c="dimmed" role="status">
          {placeholder}
        </Text>
      )}
    </Stack>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from './AppModal';
import type { ConfirmQuestion } from './useConfirm';

/** The question of useConfirm(): Cancel and Confirm (red when the action is dangerous). */
export default function ConfirmDialog({ opened, question }: { opened: boolean; question: ConfirmQuestion }) {
  const { t } = useTranslation();
  const { message, confirmLabel, danger = true, answer } = question;
  return (
    <AppModal opened={opened} onClose={() => answer(false)} title={t('common.confirm.title')}>
      <Text size="sm">{message}</Text>
      <Group mt="md" justify="flex-end">
        <Button variant="default" onClick={() => answer(false)}>
          {t('common.cancel')}
        </Button>
        <Button {...(danger ? { color: 'red' } : {})} onClick={() => answer(true)}>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </AppModal>
  );
}

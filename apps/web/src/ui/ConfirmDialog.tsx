import { useTranslation } from 'react-i18next';
import { AppModal } from './AppModal';
import type { ConfirmQuestion } from './confirmQuestion';
import { Button } from './kit/buttons';
import { Group } from './kit/layout';
import { Text } from './kit/text';

// A question is asked from a screen or from another dialog (e.g. delete from a dump's info dialog) and
// must sit above it (a dialog opened later already does: ui/kit/overlays stacks them; kept explicit).
const ABOVE_DIALOGS = 300;

/** The question of useConfirm(): Cancel and Confirm (red when the action is dangerous). */
export default function ConfirmDialog({ opened, question }: { opened: boolean; question: ConfirmQuestion }) {
  const { t } = useTranslation();
  const { message, confirmLabel, danger = true, answer } = question;
  return (
    <AppModal
      opened={opened}
      onClose={() => answer(false)}
      title={t('common.confirm.title')}
      zIndex={ABOVE_DIALOGS}
    >
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

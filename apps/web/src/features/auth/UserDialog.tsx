import type { CloudUser } from '@st/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';

export interface UserDialogProps {
  opened: boolean;
  onClose: () => void;
  user: CloudUser;
  onLogout: () => void;
  /** more of the user's account (issue 20: users, audit, password, sign out everywhere) */
  extra?: ReactNode;
}

/** The signed-in user, with the logout button. */
export default function UserDialog({ opened, onClose, user, onLogout, extra }: UserDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('cloud.auth.info.title')} size="small">
      <Stack gap="xs">
        <Text size="sm">{t('cloud.auth.info.user.id', { id: user.id })}</Text>
        <Text size="sm">{t('cloud.auth.info.user.login', { login: user.login })}</Text>
        {extra}
        <Group justify="flex-end">
          <Button color="red" onClick={onLogout}>
            {t('log.out')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

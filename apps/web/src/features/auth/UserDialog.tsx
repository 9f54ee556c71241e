import { Button, Group, Stack, Text } from '@mantine/core';
import type { CloudUser } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';

export interface UserDialogProps {
  opened: boolean;
  onClose: () => void;
  user: CloudUser;
  onLogout: () => void;
}

/** The signed-in user, with the logout button. */
export default function UserDialog({ opened, onClose, user, onLogout }: UserDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('cloud.auth.info.title')} size="small">
      <Stack gap="xs">
        <Text size="sm">{t('cloud.auth.info.user.id', { id: user.id })}</Text>
        <Text size="sm">{t('cloud.auth.info.user.login', { login: user.login })}</Text>
        <Group justify="flex-end">
          <Button color="red" onClick={onLogout}>
            {t('log.out')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

import type { CloudUser } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { AccountSection } from '../accounts/AccountSection';
import { accountsEn, accountsRu } from '../accounts/messages';
import { authEn, authRu } from './messages';

addTexts(authEn, authRu);
addTexts(accountsEn, accountsRu);

export interface UserDialogProps {
  opened: boolean;
  onClose: () => void;
  user: CloudUser;
  onLogout: () => void;
  /** after "sign out everywhere" (the account's section: issue 20, users, audit, password) */
  onSignedOut: () => void;
}

/** The signed-in user, with the logout button. */
export default function UserDialog({ opened, onClose, user, onLogout, onSignedOut }: UserDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('cloud.auth.info.title')} size="small">
      <Stack gap="xs">
        <Text size="sm">{t('cloud.auth.info.user.id', { id: user.id })}</Text>
        <Text size="sm">{t('cloud.auth.info.user.login', { login: user.login })}</Text>
        <AccountSection onNavigate={onClose} onSignedOut={onSignedOut} />
        <Group justify="flex-end">
          <Button color="red" onClick={onLogout}>
            {t('log.out')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

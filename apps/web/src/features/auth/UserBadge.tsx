import { IconUser } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { useDisclosure } from '../../ui/kit/hooks';
import { Text } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { logOut } from './authApi';
import { authEn, authRu } from './messages';
import { useSession } from './SessionContext';

addTexts(authEn, authRu);

// (with the account's section: its code and texts load when the dialog is first opened)
const UserDialog = lazy(() => import('./UserDialog'));

/** Header badge with the login; its dialog shows the user and logs out. */
export function UserBadge() {
  const services = useServices();
  const { session, signedOut } = useSession();
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [opened, { open, close }] = useDisclosure(false);
  const dialogLoaded = useOpenedOnce(opened);
  if (session.status !== 'signed-in') return null;
  const { user } = session;

  const logout = async () => {
    if (!(await confirm({ message: t('cloud.auth.logout.confirm'), confirmLabel: t('log.out') }))) return;
    try {
      await logOut(services);
      close();
      signedOut();
    } catch (error) {
      services.log.warn('Logout failed', error);
      services.toaster.error({ caption: t('cloud.auth.logout.error') });
    }
  };

  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconUser size={16} aria-hidden />}
        onClick={open}
        aria-label={t('cloud.auth.info.open', { login: user.login })}
        maw={160}
      >
        <Text span size="sm" truncate visibleFrom="sm">
          {user.login}
        </Text>
      </Button>
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <UserDialog
            opened={opened}
            onClose={close}
            user={user}
            onLogout={() => void logout()}
            onSignedOut={() => {
              close();
              signedOut();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

import type { CloudUser } from '@st/protocol';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Center, Paper, Stack } from '../../ui/kit/layout';
import { PasswordInput } from '../../ui/kit/password';
import { Text, Title } from '../../ui/kit/text';
import { logOut } from '../auth/authApi';
import { authEn, authRu } from '../auth/messages';
import { useSession } from '../auth/SessionContext';
import { accountsApi } from './accountsApi';
import { accountsEn, accountsRu } from './messages';

addTexts(accountsEn, accountsRu);
addTexts(authEn, authRu);

/**
 * Cloud mode, signed in with a one-time password (made or reset by an admin): the only screen until the user
 * chooses their own password (the cloud refuses everything else until then: PASSWORD_CHANGE_REQUIRED).
 */
export default function ChangePasswordScreen({ user }: { user: CloudUser }) {
  const services = useServices();
  const { signedIn, signedOut } = useSession();
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const mismatch = repeat !== '' && repeat !== next;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || mismatch) return;
    setBusy(true);
    try {
      await accountsApi(services.http).changePassword(current, next);
      services.toaster.success({ caption: t('accounts.firstPassword.done'), key: 'auth.login' });
      signedIn({ id: user.id, login: user.login });
    } catch (error) {
      services.log.warn('First password change failed', error);
      services.toaster.error({
        caption: serverMessage(error, i18n) ?? t('accounts.me.password.error'),
        key: 'auth.login',
      });
      setBusy(false);
    }
  };
  const signOut = async () => {
    await logOut(services).catch((error) => services.log.warn('Logout failed', error));
    signedOut();
  };

  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={420}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Title order={1} size="h3" ta="center">
              {t('accounts.firstPassword.title')}
            </Title>
            <Text size="sm">{t('accounts.firstPassword.intro', { login: user.login })}</Text>
            <PasswordInput
              label={t('accounts.firstPassword.current')}
              value={current}
              required
              autoComplete="current-password"
              onChange={(e) => setCurrent(e.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
              data-autofocus
            />
            <PasswordInput
              label={t('accounts.firstPassword.new')}
              value={next}
              required
              minLength={8}
              autoComplete="new-password"
              onChange={(e) => setNext(e.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
            />
            <PasswordInput
              label={t('accounts.firstPassword.repeat')}
              value={repeat}
              required
              autoComplete="new-password"
              onChange={(e) => setRepeat(e.currentTarget.value)}
              error={mismatch ? t('accounts.firstPassword.mismatch') : undefined}
              visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
            />
            <Button
              type="submit"
              loading={busy}
              disabled={current === '' || next.length < 8 || repeat !== next}
              fullWidth
            >
              {t('accounts.firstPassword.save')}
            </Button>
            <Button variant="subtle" onClick={() => void signOut()} fullWidth>
              {t('log.out')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

// (loaded only from an invite link, with the styles of its refusal; the sign-in screen has neither)
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Center, Paper, Stack } from '../../ui/kit/layout';
import { PasswordInput } from '../../ui/kit/password';
import { Alert } from '../../ui/kit/status';
import { Title } from '../../ui/kit/text';
import { accountsEn, accountsRu } from './messages';

addTexts(accountsEn, accountsRu);

/** The cloud refused the link itself (expired, used or unknown), not the password. */
function inviteRefused(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.failure.kind !== 'status') return false;
  const code = (error.failure.body as { code?: unknown } | null)?.code;
  return code === 'INVITE_EXPIRED' || code === 'INVITE_INVALID';
}

/** Signed out, from an invite link: the invited user sets their password, then signs in as usual. */
export function InviteForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const [password, setPassword] = useState('');
  // An expired or used link: said on the form itself (nothing more can be done here but ask an admin).
  const [refused, setRefused] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      // loaded here, not with the sign-in screen this form is part of (it brings the route catalog; issue 21)
      const { accountsApi } = await import('./accountsApi');
      await accountsApi(http).acceptInvite(token, password);
      toaster.success({ caption: t('accounts.invite.done') });
      onDone();
    } catch (error) {
      log.warn('Invite failed', error);
      const text = serverMessage(error, i18n) ?? t('accounts.invite.title');
      if (inviteRefused(error)) setRefused(text);
      else toaster.error({ caption: text });
    }
  };
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={400}>
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            <Title order={1} size="h3" ta="center">
              {t('accounts.invite.title')}
            </Title>
            {refused ? (
              <Alert color="red" role="alert" data-testid="invite-refused">
                {refused}
              </Alert>
            ) : null}
            <PasswordInput
              label={t('accounts.me.password.new')}
              value={password}
              required
              minLength={8}
              autoComplete="new-password"
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" disabled={password.length < 8 || refused !== undefined}>
              {t('accounts.invite.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

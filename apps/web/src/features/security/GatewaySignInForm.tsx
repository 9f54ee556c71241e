import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusOf } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { PasswordInput } from '../../ui/kit/password';
import { SignInCard } from '../../ui/SignInCard';
import { authEn, authRu } from '../auth/messages';
import { securityFirstEn, securityFirstRu } from './messages';
import { useGatewayAuth } from './useGatewayAuth';

addTexts(securityFirstEn, securityFirstRu);
addTexts(authEn, authRu);

/** The gateway's sign-in (GatewaySignInGate shows it while a password is set and this browser is not in). */
export function SignInForm() {
  const { t } = useTranslation();
  const { toaster, log } = useServices();
  const { api, changed } = useGatewayAuth();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || password === '') return;
    setBusy(true);
    try {
      await api.signIn(password);
      await changed();
    } catch (error) {
      log.warn('Gateway sign-in failed', error);
      const status = statusOf(error);
      const description =
        status === 429 ? t('gateway.signIn.limited') : status === 401 ? t('gateway.signIn.wrong') : undefined;
      toaster.error({ caption: t('gateway.signIn.failed'), ...(description ? { description } : {}) });
      setBusy(false);
    }
  };

  return (
    <SignInCard title={t('gateway.signIn.title')} onSubmit={(event) => void submit(event)}>
      <PasswordInput
        label={t('password')}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        autoComplete="current-password"
        visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
        required
        data-autofocus
      />
      <Button type="submit" loading={busy} fullWidth>
        {t('log.in')}
      </Button>
    </SignInCard>
  );
}

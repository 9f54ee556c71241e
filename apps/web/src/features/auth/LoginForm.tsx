import type { CloudUser } from '@st/protocol';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusOf } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { PasswordInput } from '../../ui/kit/password';
import { PageLoader } from '../../ui/PageLoader';
import { SignInCard } from '../../ui/SignInCard';
import { errorCode, logIn } from './authApi';
import { authEn, authRu } from './messages';
import { OtherSignIns } from './OtherSignIns';
import { SecondFactorStep } from './SecondFactorStep';
import { useSession } from './SessionContext';

addTexts(authEn, authRu);

// Only an invite link shows it: its code, texts and styles load then (issue 21).
const InviteForm = lazy(() => import('../accounts/InviteForm').then((m) => ({ default: m.InviteForm })));
// Only a sign-in that must set up a second factor shows it (with the QR code's library).
const EnrolAtSignIn = lazy(() => import('../account-security/EnrolAtSignIn'));

/** Where a sign-in is: the password, then (for some users) the second factor or its set-up. */
type Step = 'password' | 'code' | 'enrol';

/** The invite token of `…/invite?token=`, when the console was opened from an invite link. */
export function inviteToken(location: Location): string | undefined {
  if (!location.pathname.endsWith('/invite')) return undefined;
  return new URLSearchParams(location.search).get('token') ?? undefined;
}

/** Cloud mode, signed out: the only thing on screen. */
export default function LoginForm() {
  const services = useServices();
  const { signedIn } = useSession();
  const { t } = useTranslation();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [invite, setInvite] = useState(() => inviteToken(window.location));
  const [step, setStep] = useState<Step>('password');

  const welcome = (user: CloudUser) => {
    services.toaster.success({
      caption: t('cloud.auth.login.success', { login: user.login }),
      key: 'auth.login',
    });
    signedIn(user);
  };
  const restart = () => {
    setStep('password');
    setPassword('');
    setBusy(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (login.trim() === '' || password === '') {
      services.toaster.error({ caption: t('cloud.auth.lprequired'), autoClose: true, key: 'auth.login' });
      return;
    }
    setBusy(true);
    try {
      welcome(await logIn(services, login.trim(), password));
    } catch (error) {
      setBusy(false);
      failed(error, t('cloud.auth.login.error'));
    }
  };

  /** A first step that did not open the session: a second step next, or what went wrong. */
  const failed = (error: unknown, caption: string) => {
    const code = errorCode(error);
    if (code === 'SECOND_FACTOR_REQUIRED' || code === 'SECOND_FACTOR_ENROL_REQUIRED') {
      setStep(code === 'SECOND_FACTOR_REQUIRED' ? 'code' : 'enrol');
      return;
    }
    services.log.warn('Login failed', error);
    const description =
      statusOf(error) === 401 ? t('cloud.auth.login.error.wrong') : t('cloud.auth.login.error.service');
    services.toaster.error({ caption, description, key: 'auth.login' });
  };

  if (invite !== undefined) {
    const done = () => {
      window.history.replaceState(null, '', services.config.basePath);
      setInvite(undefined);
    };
    return <InviteForm token={invite} onDone={done} />;
  }
  if (step === 'code') return <SecondFactorStep onSignedIn={welcome} onRestart={restart} />;
  if (step === 'enrol')
    return (
      <Suspense fallback={<PageLoader fullHeight />}>
        <EnrolAtSignIn onSignedIn={welcome} onRestart={restart} />
      </Suspense>
    );
  return (
    <SignInCard title={t('cloud.auth.title')} onSubmit={(event) => void submit(event)}>
      <TextInput
        label={t('login')}
        value={login}
        onChange={(event) => setLogin(event.currentTarget.value)}
        autoComplete="username"
        required
        data-autofocus
      />
      <PasswordInput
        label={t('password')}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        autoComplete="current-password"
        visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
        required
      />
      <Button type="submit" loading={busy} fullWidth>
        {t('log.in')}
      </Button>
      <OtherSignIns onSignedIn={welcome} onFailure={failed} />
    </SignInCard>
  );
}

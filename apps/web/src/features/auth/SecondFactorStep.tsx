import type { CloudUser, SecondFactorMethods } from '@st/protocol';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusOf } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { SignInCard } from '../../ui/SignInCard';
import { errorCode, secondFactor } from './authApi';
import { passkeyCancelled, passkeySecondFactor, secondFactorMethods } from './passkeySignIn';

/**
 * After the password, for a user with a second factor: a code from the authenticator app, or one of the
 * recovery codes (each works once). `extra` adds other ways (a passkey).
 */
export function SecondFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: CloudUser) => void;
  onRestart: () => void;
}) {
  const services = useServices();
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [methods, setMethods] = useState<SecondFactorMethods>({ totp: true, passkey: false });

  useEffect(() => {
    secondFactorMethods(services).then(setMethods, (failure: unknown) =>
      services.log.warn('Second factor methods unavailable', failure),
    );
  }, []);

  const passkey = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await passkeySecondFactor(services));
    } catch (failure) {
      setBusy(false);
      if (passkeyCancelled(failure)) return;
      services.log.warn('Passkey refused', failure);
      if (errorCode(failure) === 'SIGN_IN_PENDING_INVALID') {
        services.toaster.error({ caption: t('cloud.auth.second.expired'), key: 'auth.login' });
        onRestart();
        return;
      }
      setError(t('cloud.auth.passkey.error'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || value.trim() === '') return;
    setBusy(true);
    setError(undefined);
    try {
      const code = value.trim();
      onSignedIn(await secondFactor(services, recovery ? { recoveryCode: code } : { code }));
    } catch (failure) {
      services.log.warn('Second factor refused', failure);
      setBusy(false);
      setValue('');
      const code = errorCode(failure);
      if (code === 'SIGN_IN_PENDING_INVALID') {
        services.toaster.error({ caption: t('cloud.auth.second.expired'), key: 'auth.login' });
        onRestart();
        return;
      }
      setError(
        statusOf(failure) === 401 || statusOf(failure) === 400
          ? t('cloud.auth.second.wrong')
          : t('cloud.auth.login.error.service'),
      );
    }
  };

  return (
    <SignInCard title={t('cloud.auth.second.title')} onSubmit={(e) => void submit(e)}>
      {methods.totp ? (
        <>
          <TextInput
            key={recovery ? 'recovery' : 'code'}
            label={recovery ? t('cloud.auth.second.recovery') : t('cloud.auth.second.code')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={recovery ? 32 : 6}
            error={error}
            required
            data-autofocus
            autoFocus
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('cloud.auth.second.verify')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              setRecovery(!recovery);
              setValue('');
              setError(undefined);
            }}
          >
            {recovery ? t('cloud.auth.second.useCode') : t('cloud.auth.second.useRecovery')}
          </Button>
        </>
      ) : null}
      {methods.passkey ? (
        <Button
          variant="default"
          loading={busy}
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={() => void passkey()}
        >
          {t('cloud.auth.passkey.second')}
        </Button>
      ) : null}
      <Button variant="subtle" onClick={onRestart}>
        {t('cloud.auth.second.back')}
      </Button>
    </SignInCard>
  );
}

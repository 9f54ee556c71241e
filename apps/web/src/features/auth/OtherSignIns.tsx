import { type CloudUser, type SignInMethods, SSO_RESULT_OK, SSO_RESULT_PARAM } from '@st/protocol';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { Button } from '../../ui/kit/buttons';
import { Text } from '../../ui/kit/text';
import { finishSso, passkeyCancelled, signInMethods, signInWithPasskey } from './passkeySignIn';

/**
 * Below the password form: "Sign in with a passkey" (a discoverable credential, no login typed) and, when the
 * cloud has single sign-on, "Sign in with <name>" (a navigation to the provider). Coming back from the
 * provider (`?sso=`), it finishes that sign-in. A failure goes to `onFailure` (a second step may come next).
 */
export function OtherSignIns({
  onSignedIn,
  onFailure,
}: {
  onSignedIn: (user: CloudUser) => void;
  onFailure: (error: unknown, caption: string) => void;
}) {
  const services = useServices();
  const { t } = useTranslation();
  const [methods, setMethods] = useState<SignInMethods | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    signInMethods(services).then(setMethods, (error: unknown) =>
      services.log.warn('Sign-in methods unavailable', error),
    );
    const params = new URLSearchParams(window.location.search);
    const sso = params.get(SSO_RESULT_PARAM);
    if (sso === null) return;
    params.delete(SSO_RESULT_PARAM);
    const query = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    if (sso !== SSO_RESULT_OK) {
      services.toaster.error({ caption: t('cloud.auth.sso.error', { reason: sso }), key: 'auth.login' });
      return;
    }
    setBusy(true);
    finishSso(services).then(onSignedIn, (error: unknown) => {
      setBusy(false);
      onFailure(error, t('cloud.auth.sso.error', { reason: 'SSO_FAILED' }));
    });
  }, []);

  const passkey = async () => {
    setBusy(true);
    try {
      onSignedIn(await signInWithPasskey(services));
    } catch (error) {
      setBusy(false);
      if (passkeyCancelled(error)) return;
      onFailure(error, t('cloud.auth.passkey.error'));
    }
  };

  if (methods === undefined || (!methods.passkey && methods.sso === null)) return null;
  const base = services.baseUrl.replace(/\/+$/, '');
  return (
    <>
      <Text size="sm" c="dimmed" ta="center">
        {t('cloud.auth.or')}
      </Text>
      {methods.passkey ? (
        <Button
          variant="default"
          fullWidth
          loading={busy}
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={() => void passkey()}
        >
          {t('cloud.auth.passkey')}
        </Button>
      ) : null}
      {methods.sso ? (
        <Button component="a" href={`${base}${methods.sso.startPath}`} variant="default" fullWidth>
          {t('cloud.auth.sso', { name: methods.sso.name })}
        </Button>
      ) : null}
    </>
  );
}

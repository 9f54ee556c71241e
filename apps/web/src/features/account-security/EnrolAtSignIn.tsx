import { type CloudUser, SIGN_IN_ROUTES, type TotpConfirmed } from '@st/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cloudRequest } from '../../api/routes';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Center, Paper, Stack } from '../../ui/kit/layout';
import { Divider } from '../../ui/kit/layoutBlocks';
import { Title } from '../../ui/kit/text';
import { sessionOpened } from '../auth/authApi';
import { authEn, authRu } from '../auth/messages';
import { accountSecurityEn, accountSecurityRu } from './messages';
import { PasskeyEnrolAtSignIn } from './PasskeyEnrolAtSignIn';
import { RecoveryCodes, TotpEnrol } from './TotpEnrol';

addTexts(authEn, authRu);
addTexts(accountSecurityEn, accountSecurityRu);

/**
 * A sign-in that an administrator's rule stopped (403 SECOND_FACTOR_ENROL_REQUIRED): the user sets up the
 * authenticator app or registers a passkey with the pending sign-in cookie. The app's confirmation opens the
 * session and its recovery codes are shown once before the console; a registered passkey opens it at once.
 */
export default function EnrolAtSignIn({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: CloudUser) => void;
  onRestart: () => void;
}) {
  const services = useServices();
  const { t } = useTranslation();
  const [done, setDone] = useState<{ codes: string[]; user: CloudUser } | undefined>();
  // (plain sends: there is no session to renew yet)
  const enrol = () => services.http.sendPlain(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.totp.enrol'));
  const confirm = (code: string) =>
    services.http.sendPlain(cloudRequest(SIGN_IN_ROUTES, 'cloud.me.totp.confirm', { body: { code } }));
  const confirmed = async (result: TotpConfirmed) => {
    if (result.refresh === undefined) return onRestart();
    const user = await sessionOpened(services, result.refresh);
    setDone({ codes: result.recoveryCodes, user });
  };
  const registered = async (refresh: string | undefined) => {
    if (refresh === undefined) return onRestart();
    onSignedIn(await sessionOpened(services, refresh));
  };
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={440}>
        <Stack>
          <Title order={1} ta="center">
            {t('doc.title')}
          </Title>
          <Title order={2} size="h5" ta="center">
            {t('cloud.auth.enrol.title')}
          </Title>
          {done ? (
            <RecoveryCodes codes={done.codes} onDone={() => onSignedIn(done.user)} />
          ) : (
            <>
              <TotpEnrol enrol={enrol} confirm={confirm} onConfirmed={(r) => void confirmed(r)} />
              <Divider />
              <PasskeyEnrolAtSignIn onRegistered={(r) => void registered(r.refresh)} />
              <Button variant="subtle" onClick={onRestart}>
                {t('cloud.auth.second.back')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

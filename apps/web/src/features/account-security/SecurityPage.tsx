import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { PasswordInput } from '../../ui/kit/password';
import { Badge } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { Switch } from '../../ui/kit/toggles';
import { accountKeys, accountsApi } from '../accounts/accountsApi';
import { BackToGateways } from '../accounts/BackToGateways';
import { accountsEn, accountsRu } from '../accounts/messages';
import { accountSecurityEn, accountSecurityRu } from './messages';
import { PasskeysSection } from './PasskeysSection';
import { Section } from './Section';
import { SessionsSection } from './SessionsSection';
import { SsoSection } from './SsoSection';
import { securityApi, securityKeys } from './securityApi';
import { TokensSection } from './TokensSection';
import { RecoveryCodes, TotpEnrol } from './TotpEnrol';

addTexts(accountsEn, accountsRu);
addTexts(accountSecurityEn, accountSecurityRu);

/** The authenticator app: on or off, set up, recovery codes shown once, turn off with password and code. */
function TotpSection() {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const api = securityApi(http);
  const status = useQuery({ queryKey: securityKeys.secondFactor, queryFn: api.secondFactor });
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | undefined>();
  const [disabling, setDisabling] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.secondFactor });

  const disable = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.disableTotp({ password, code: code.trim() });
      toaster.success({ caption: t('sec.totp.disabled') });
      setDisabling(false);
      setPassword('');
      setCode('');
      await refresh();
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (error) {
      log.warn('Turning TOTP off failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('sec.totp.disable.error') });
    }
  };

  const on = status.data?.totp === true;
  return (
    <Section title={t('sec.totp.title')} testId="totp-section">
      <Group gap="xs">
        {status.data ? (
          <Badge color={on ? 'teal' : 'gray'} data-testid="totp-status">
            {on ? t('sec.totp.on') : t('sec.totp.off')}
          </Badge>
        ) : null}
        {on && status.data ? (
          <Text size="sm" c="dimmed">
            {t('sec.totp.codesLeft', { count: status.data.recoveryCodesLeft })}
          </Text>
        ) : null}
      </Group>
      {status.isError ? <Text c="red">{t('sec.load.error')}</Text> : null}
      <Text size="sm">{t('sec.totp.about')}</Text>
      {status.data?.required ? <Text size="sm">{t('sec.totp.required')}</Text> : null}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
      ) : enrolling ? (
        <TotpEnrol
          enrol={api.enrolTotp}
          confirm={api.confirmTotp}
          onCancel={() => setEnrolling(false)}
          onConfirmed={(result) => {
            setEnrolling(false);
            setCodes(result.recoveryCodes);
            toaster.success({ caption: t('sec.totp.enabled') });
            void refresh();
            void queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
          }}
        />
      ) : status.data && !on ? (
        <Group>
          <Button onClick={() => setEnrolling(true)}>{t('sec.totp.start')}</Button>
        </Group>
      ) : on ? (
        <Group>
          <Button variant="light" color="red" onClick={() => setDisabling(true)}>
            {t('sec.totp.disable')}
          </Button>
        </Group>
      ) : null}
      <AppModal opened={disabling} onClose={() => setDisabling(false)} title={t('sec.totp.disable.title')}>
        <form onSubmit={(e) => void disable(e)}>
          <Stack gap="xs">
            <PasswordInput
              label={t('sec.totp.disable.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
            <TextInput
              label={t('sec.totp.disable.code')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="one-time-code"
              required
            />
            <Group justify="flex-end">
              <Button type="submit" color="red" disabled={password === '' || code.trim() === ''}>
                {t('sec.totp.disable')}
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </Section>
  );
}

/** Admins: require a second factor of everyone. */
function AdminSection() {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const api = securityApi(http);
  const settings = useQuery({ queryKey: securityKeys.signIn, queryFn: api.signInSettings });
  const change = async (requireSecondFactor: boolean) => {
    try {
      const saved = await api.putSignInSettings(requireSecondFactor);
      queryClient.setQueryData(securityKeys.signIn, saved);
      await queryClient.invalidateQueries({ queryKey: securityKeys.secondFactor });
      toaster.success({ caption: t('sec.admin.saved') });
    } catch (error) {
      log.warn('Sign-in settings failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('sec.admin.error') });
    }
  };
  return (
    <Section title={t('sec.admin.title')} testId="admin-section">
      <Switch
        label={t('sec.admin.require')}
        checked={settings.data?.requireSecondFactor ?? false}
        disabled={settings.data === undefined}
        onChange={(e) => void change(e.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        {t('sec.admin.require.about')}
      </Text>
    </Section>
  );
}

/** Route /account/security: the signed-in user's second factor, passkeys, sessions and API tokens. */
export default function SecurityPage() {
  const { http } = useServices();
  const { t } = useTranslation();
  const me = useQuery({ queryKey: accountKeys.me, queryFn: accountsApi(http).me });
  return (
    <Stack gap="sm" maw={720} mx="auto" w="100%">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('sec.title')}
        </Title>
        <BackToGateways />
      </Group>
      <TotpSection />
      <PasskeysSection />
      <SsoSection />
      <SessionsSection />
      <TokensSection />
      {me.data?.admin ? <AdminSection /> : null}
    </Stack>
  );
}

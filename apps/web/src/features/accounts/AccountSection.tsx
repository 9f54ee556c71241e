import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Divider } from '../../ui/kit/layoutBlocks';
import { PasswordInput } from '../../ui/kit/password';
import { Text } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { accountSecurityLinkEn, accountSecurityLinkRu } from '../account-security/messages';
import { accountKeys, accountsApi } from './accountsApi';

addTexts(accountSecurityLinkEn, accountSecurityLinkRu);

/** In the user dialog: links to the users (admins) and audit screens, own password, sign out everywhere. */
export function AccountSection({
  onNavigate,
  onSignedOut,
}: {
  onNavigate: () => void;
  onSignedOut: () => void;
}) {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const api = accountsApi(http);
  const me = useQuery({ queryKey: accountKeys.me, queryFn: api.me });
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');

  const change = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api.changePassword(current, next);
      toaster.success({ caption: t('accounts.me.password.done') });
      setCurrent('');
      setNext('');
    } catch (error) {
      log.warn('Password change failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('accounts.me.password.error') });
    }
  };
  const logoutAll = async () => {
    if (!(await confirm({ message: t('accounts.me.logoutAll.confirm') }))) return;
    try {
      await api.logoutAll();
      onSignedOut();
    } catch (error) {
      log.warn('Sign out everywhere failed', error);
      toaster.error({ caption: t('accounts.me.logoutAll.error') });
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {me.data?.admin ? (
          <Button component={Link} to="/admin/users" variant="light" size="xs" onClick={onNavigate}>
            {t('accounts.me.users')}
          </Button>
        ) : null}
        <Button component={Link} to="/audit" variant="light" size="xs" onClick={onNavigate}>
          {t('accounts.me.audit')}
        </Button>
        <Button component={Link} to="/account/security" variant="light" size="xs" onClick={onNavigate}>
          {t('sec.open')}
        </Button>
      </Group>
      <Divider />
      <form onSubmit={(e) => void change(e)}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('accounts.me.password.title')}
          </Text>
          <PasswordInput
            label={t('accounts.me.password.current')}
            value={current}
            required
            onChange={(e) => setCurrent(e.currentTarget.value)}
            autoComplete="current-password"
          />
          <PasswordInput
            label={t('accounts.me.password.new')}
            value={next}
            required
            minLength={8}
            onChange={(e) => setNext(e.currentTarget.value)}
            autoComplete="new-password"
          />
          <Button type="submit" size="xs" disabled={current === '' || next.length < 8}>
            {t('accounts.me.password.save')}
          </Button>
        </Stack>
      </form>
      <Divider />
      <Button variant="subtle" color="red" size="xs" onClick={() => void logoutAll()}>
        {t('accounts.me.logoutAll')}
      </Button>
    </Stack>
  );
}

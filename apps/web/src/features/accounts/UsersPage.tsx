import type { AdminUser } from '@st/protocol';
import {
  IconKey,
  IconLink,
  IconLockOpen,
  IconMailForward,
  IconShield,
  IconShieldOff,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage, statusOf } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Tooltip } from '../../ui/floating/Tooltip';
import { ActionIcon, Button } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { Code } from '../../ui/kit/textBlocks';
import { useConfirm } from '../../ui/useConfirm';
import { accountSecurityEn, accountSecurityRu } from '../account-security/messages';
import { securityApi } from '../account-security/securityApi';
import { UserSsoDialog } from '../account-security/UserSsoDialog';
import { accountKeys, accountsApi } from './accountsApi';
import { BackToGateways } from './BackToGateways';
import { accountsEn, accountsRu } from './messages';

addTexts(accountsEn, accountsRu);
addTexts(accountSecurityEn, accountSecurityRu);

/** Route /admin/users: admins list, create, disable/enable, reset and (un)make admins. */
export default function UsersPage() {
  const { http, toaster, log, config } = useServices();
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const api = accountsApi(http);
  const users = useQuery({ queryKey: accountKeys.users, queryFn: api.users, retry: false });
  const [login, setLogin] = useState('');
  const [admin, setAdmin] = useState(false);
  const [invite, setInvite] = useState(false);
  const [secret, setSecret] = useState<{ text: string; value: string } | undefined>();
  const [ssoOf, setSsoOf] = useState<AdminUser | undefined>();

  const run = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    try {
      const result = await call();
      await queryClient.invalidateQueries({ queryKey: accountKeys.users });
      return result;
    } catch (error) {
      log.warn('User change failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('accounts.users.error') });
      return undefined;
    }
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const made = await run(() => api.createUser({ login: login.trim(), admin, invite }));
    if (!made) return;
    toaster.success({ caption: t('accounts.users.created', { login: made.user.login }) });
    const link = made.inviteToken ? inviteLink(made.inviteToken) : undefined;
    setSecret(
      link
        ? { text: t('accounts.users.secret.invite', { login: made.user.login }), value: link }
        : {
            text: t('accounts.users.secret.password', { login: made.user.login }),
            value: made.password ?? '',
          },
    );
    setLogin('');
  };
  const inviteLink = (token: string) =>
    `${window.location.origin}${config.basePath}invite?token=${encodeURIComponent(token)}`;
  const reinvite = async (u: AdminUser) => {
    const r = await run(() => api.reinvite(u.id));
    if (r)
      setSecret({
        text: t('accounts.users.secret.invite', { login: u.login }),
        value: inviteLink(r.inviteToken),
      });
  };
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const now = Date.now();
  const reset = async (u: AdminUser) => {
    if (!(await confirm({ message: t('accounts.users.reset.confirm', { login: u.login }) }))) return;
    const r = await run(() => api.resetPassword(u.id));
    if (r) setSecret({ text: t('accounts.users.secret.password', { login: u.login }), value: r.password });
  };

  const resetFactor = async (u: AdminUser) => {
    if (!(await confirm({ message: t('sec.users.resetFactor.confirm', { login: u.login }) }))) return;
    if (await run(() => securityApi(http).resetSecondFactor(u.id)))
      toaster.success({ caption: t('sec.users.resetFactor.done', { login: u.login }) });
  };

  if (statusOf(users.error) === 403) {
    return (
      <Stack maw={640} mx="auto" w="100%">
        <Text>{t('accounts.users.forbidden')}</Text>
        <BackToGateways />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" maw={640} mx="auto" w="100%">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('accounts.users.title')}
        </Title>
        <BackToGateways />
      </Group>
      {users.isError ? <Text c="red">{t('accounts.users.load.error')}</Text> : null}
      {users.data?.map((u) => (
        <Paper key={u.id} withBorder p="xs" data-testid="user-row" data-login={u.login}>
          <Group gap="xs" wrap="nowrap">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={500} truncate>
                {u.login}
              </Text>
              {u.invited && u.inviteExpiresAt !== null ? (
                <Text size="xs" c={u.inviteExpiresAt <= now ? 'red' : 'dimmed'} data-testid="invite-expiry">
                  {u.inviteExpiresAt <= now
                    ? t('accounts.users.invite.expired')
                    : t('accounts.users.invite.until', { date: until.format(u.inviteExpiresAt) })}
                </Text>
              ) : null}
            </Stack>
            {u.admin ? <Badge variant="light">{t('accounts.users.admin')}</Badge> : null}
            {u.disabled ? <Badge color="red">{t('accounts.users.status.disabled')}</Badge> : null}
            {u.invited ? <Badge color="gray">{t('accounts.users.status.invited')}</Badge> : null}
            <Tooltip
              label={t(u.disabled ? 'accounts.users.enable' : 'accounts.users.disable', { login: u.login })}
            >
              <ActionIcon
                variant="subtle"
                aria-label={t(u.disabled ? 'accounts.users.enable' : 'accounts.users.disable', {
                  login: u.login,
                })}
                onClick={() => void run(() => api.updateUser(u.id, { disabled: !u.disabled }))}
              >
                {u.disabled ? <IconUserCheck size={18} aria-hidden /> : <IconUserOff size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            <Tooltip
              label={t(u.admin ? 'accounts.users.unmakeAdmin' : 'accounts.users.makeAdmin', {
                login: u.login,
              })}
            >
              <ActionIcon
                variant="subtle"
                aria-label={t(u.admin ? 'accounts.users.unmakeAdmin' : 'accounts.users.makeAdmin', {
                  login: u.login,
                })}
                onClick={() => void run(() => api.updateUser(u.id, { admin: !u.admin }))}
              >
                {u.admin ? <IconShieldOff size={18} aria-hidden /> : <IconShield size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            {u.invited ? (
              <Tooltip label={t('accounts.users.reinvite', { login: u.login })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('accounts.users.reinvite', { login: u.login })}
                  onClick={() => void reinvite(u)}
                >
                  <IconMailForward size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label={t('accounts.users.reset', { login: u.login })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('accounts.users.reset', { login: u.login })}
                onClick={() => void reset(u)}
              >
                <IconKey size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('sec.users.resetFactor', { login: u.login })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('sec.users.resetFactor', { login: u.login })}
                onClick={() => void resetFactor(u)}
              >
                <IconLockOpen size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('sec.users.sso', { login: u.login })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('sec.users.sso', { login: u.login })}
                onClick={() => setSsoOf(u)}
              >
                <IconLink size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      ))}
      <UserSsoDialog user={ssoOf} onClose={() => setSsoOf(undefined)} />
      {secret ? (
        <Paper withBorder p="xs" data-testid="user-secret">
          <Text size="sm">{secret.text}</Text>
          <Code block>{secret.value}</Code>
        </Paper>
      ) : null}
      <form onSubmit={(e) => void create(e)}>
        <Stack gap="xs">
          <TextInput
            label={t('accounts.users.login')}
            value={login}
            required
            onChange={(e) => setLogin(e.currentTarget.value)}
          />
          <Checkbox
            label={t('accounts.users.admin')}
            checked={admin}
            onChange={(e) => setAdmin(e.currentTarget.checked)}
          />
          <Checkbox
            label={t('accounts.users.invite')}
            checked={invite}
            onChange={(e) => setInvite(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={login.trim() === ''}>
              {t('accounts.users.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

import { type Gateway, type GatewayRole, type GatewayShare, GatewayRole as Roles } from '@st/protocol';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { ActionIcon, Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { Select } from '../../ui/Select';
import { gatewayKeys } from '../gateways/gatewaysApi';
import { accountKeys, accountsApi } from './accountsApi';
import { accountsEn, accountsFirstEn, accountsFirstRu, accountsRu } from './messages';

addTexts(accountsFirstEn, accountsFirstRu);
addTexts(accountsEn, accountsRu);

/** The owners' dialog: who may see the gateway, with which role and until when; grant, change, revoke. */
export default function SharesDialog({ gateway, onClose }: { gateway: Gateway; onClose: () => void }) {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const api = accountsApi(http);
  const shares = useQuery({
    queryKey: accountKeys.shares(gateway.id),
    queryFn: () => api.shares(gateway.id),
  });
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<GatewayRole>('viewer');
  const [expires, setExpires] = useState('');
  const roles = Roles.options.map((r) => ({ value: r, label: t(`accounts.role.${r}`) }));
  const date = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

  const run = async (call: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await call();
    } catch (error) {
      log.warn('Share change failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('accounts.shares.error') });
      return false;
    }
    toaster.success({ caption: success });
    await queryClient.invalidateQueries({ queryKey: accountKeys.shares(gateway.id) });
    await queryClient.invalidateQueries({ queryKey: gatewayKeys.list });
    return true;
  };

  const grant = async (e: FormEvent) => {
    e.preventDefault();
    const expiresAt = expires === '' ? null : new Date(expires).getTime();
    const who = login.trim();
    if (
      await run(
        () => api.share(gateway.id, who, role, expiresAt),
        t('accounts.shares.granted', { login: who }),
      )
    ) {
      setLogin('');
      setExpires('');
    }
  };
  const change = (s: GatewayShare, next: GatewayRole) =>
    void run(
      () => api.share(gateway.id, s.login, next, s.expiresAt),
      t('accounts.shares.changed', { login: s.login }),
    );
  const revoke = (s: GatewayShare) =>
    void run(() => api.unshare(gateway.id, s.login), t('accounts.shares.revoked', { login: s.login }));

  return (
    <AppModal
      opened
      onClose={onClose}
      title={t('accounts.shares.title', { name: gateway.name })}
      size="large"
    >
      <Stack gap="sm">
        {shares.isPending ? <Loader role="status" size="sm" aria-label={t('common.loading')} /> : null}
        {shares.isError ? <Text c="red">{t('accounts.shares.load.error')}</Text> : null}
        {shares.data?.map((s) => (
          <Group key={s.login} gap="xs" wrap="nowrap" data-testid="share-row" data-login={s.login}>
            <Text fw={500} style={{ flex: 1 }} truncate>
              {s.login}
            </Text>
            {s.creator ? <Badge variant="light">{t('accounts.shares.creator')}</Badge> : null}
            <Text size="xs" c="dimmed">
              {s.expiresAt === null ? '' : t('accounts.shares.until', { date: date(s.expiresAt) })}
            </Text>
            <Select
              aria-label={t('accounts.shares.roleOf', { login: s.login })}
              data={roles}
              value={s.role}
              disabled={s.creator}
              onChange={(value) => {
                if (value !== null) change(s, Roles.parse(value));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={s.creator}
              aria-label={t('accounts.shares.revoke', { login: s.login })}
              onClick={() => revoke(s)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <form onSubmit={(e) => void grant(e)}>
          <Stack gap="xs">
            <Group grow align="flex-end">
              <TextInput
                label={t('accounts.shares.login')}
                value={login}
                required
                onChange={(e) => setLogin(e.currentTarget.value)}
              />
              <Select
                label={t('accounts.shares.role')}
                data={roles}
                value={role}
                onChange={(value) => {
                  if (value !== null) setRole(Roles.parse(value));
                }}
              />
            </Group>
            <TextInput
              type="datetime-local"
              label={t('accounts.shares.expires')}
              value={expires}
              onChange={(e) => setExpires(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={login.trim() === ''}>
                {t('accounts.shares.grant')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </AppModal>
  );
}

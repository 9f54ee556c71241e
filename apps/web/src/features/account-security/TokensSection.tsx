import type { ApiToken, ApiTokenCreated, ApiTokenScope } from '@st/protocol';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { useFormat } from '../../ui/format';
import { Button, CopyButton } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { Code } from '../../ui/kit/textBlocks';
import { SegmentedControl } from '../../ui/kit/toggles';
import { Select } from '../../ui/Select';
import { useConfirm } from '../../ui/useConfirm';
import { gatewayKeys, gatewaysApi } from '../gateways/gatewaysApi';
import { Section } from './Section';
import { securityApi, securityKeys } from './securityApi';

const EXPIRY_DAYS = [7, 30, 90, 365] as const;
const DAY_MS = 86_400_000;

/** The form: name, scope, optional gateways, expiry; the new token is shown once with a copy button. */
function TokenForm({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const gateways = useQuery({ queryKey: gatewayKeys.list, queryFn: gatewaysApi(http).list });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [only, setOnly] = useState<string[]>([]);
  const [days, setDays] = useState('30');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const created = await securityApi(http).createToken({
        name: name.trim(),
        scope,
        gatewayIds: only.length > 0 ? only : null,
        expiresAt: Date.now() + Number(days) * DAY_MS,
      });
      setName('');
      setOnly([]);
      onCreated(created);
    } catch (error) {
      log.warn('Token creation failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('sec.tokens.error') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="token-form">
      <Stack gap="xs">
        <TextInput
          label={t('sec.tokens.name')}
          value={name}
          maxLength={64}
          required
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="token-scope-label">
            {t('sec.tokens.scope')}
          </Text>
          <SegmentedControl
            aria-labelledby="token-scope-label"
            value={scope}
            onChange={(v) => setScope(v as ApiTokenScope)}
            data={[
              { value: 'read', label: t('sec.tokens.scope.read') },
              { value: 'operate', label: t('sec.tokens.scope.operate') },
            ]}
          />
        </Stack>
        {gateways.data && gateways.data.length > 0 ? (
          <Checkbox.Group label={t('sec.tokens.gateways')} value={only} onChange={setOnly}>
            <Group gap="sm">
              {gateways.data.map((g) => (
                <Checkbox key={g.id} value={g.id} label={g.name} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : null}
        <Select
          label={t('sec.tokens.expiry')}
          value={days}
          onChange={(v) => setDays(v ?? '30')}
          data={EXPIRY_DAYS.map((d) => ({ value: String(d), label: t('sec.tokens.days', { count: d }) }))}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={name.trim() === ''}>
            {t('sec.tokens.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One token: name, scope, gateways, expiry, last use; revoke. */
function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder p="xs" data-testid="token-row" data-name={token.name}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Stack gap={0} style={{ flex: 1, minWidth: 180 }}>
          <Group gap="xs">
            <Text fw={500} truncate>
              {token.name}
            </Text>
            <Badge variant="light">{t(`sec.tokens.scope.${token.scope}`)}</Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {token.gatewayIds === null
              ? t('sec.tokens.allGateways')
              : t('sec.tokens.someGateways', { count: token.gatewayIds.length })}
            {' · '}
            {t('sec.tokens.expires', { date: format.date(token.expiresAt) })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="token-last-use">
            {token.lastUsedAt === null
              ? t('sec.tokens.neverUsed')
              : t('sec.tokens.lastUsed', {
                  date: format.dateTime(token.lastUsedAt),
                  address: token.lastUsedAddress ?? '—',
                })}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={t('sec.tokens.revokeOf', { name: token.name })}
          onClick={onRevoke}
        >
          {t('sec.tokens.revoke')}
        </Button>
      </Group>
    </Paper>
  );
}

/** API tokens: create (shown once), list with last use, revoke. */
export function TokensSection() {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const api = securityApi(http);
  const overview = useQuery({ queryKey: securityKeys.sessions, queryFn: api.sessions });
  const [created, setCreated] = useState<ApiTokenCreated | undefined>();

  const revoke = async (token: ApiToken) => {
    if (!(await confirm({ message: t('sec.tokens.revoke.confirm', { name: token.name }) }))) return;
    try {
      await api.revokeToken(token.id);
      toaster.success({ caption: t('sec.tokens.revoked') });
      if (created?.token.id === token.id) setCreated(undefined);
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (error) {
      log.warn('Token revocation failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('sec.tokens.error') });
    }
  };

  const tokens = overview.data?.tokens ?? [];
  return (
    <Section title={t('sec.tokens.title')} testId="tokens-section">
      <Text size="sm">{t('sec.tokens.about')}</Text>
      {created ? (
        <Paper withBorder p="xs" data-testid="token-secret">
          <Stack gap="xs">
            <Text size="sm">{t('sec.tokens.created', { name: created.token.name })}</Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {created.secret}
            </Code>
            <Group gap="xs" justify="flex-end">
              <CopyButton value={created.secret} timeout={2000}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? t('sec.tokens.copied') : t('sec.tokens.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setCreated(undefined)}>{t('sec.tokens.hide')}</Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {overview.data && tokens.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sec.tokens.none')}
        </Text>
      ) : null}
      {tokens.map((token) => (
        <TokenRow key={token.id} token={token} onRevoke={() => void revoke(token)} />
      ))}
      <TokenForm
        onCreated={(c) => {
          setCreated(c);
          void queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
        }}
      />
    </Section>
  );
}

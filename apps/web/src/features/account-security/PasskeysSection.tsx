import { PASSKEY_ROUTES, type Passkey } from '@st/protocol';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { cloudRequest } from '../../api/routes';
import { useServices } from '../../app/ServicesContext';
import { AppModal } from '../../ui/AppModal';
import { useFormat } from '../../ui/format';
import { Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { cancelled, createPasskey } from './passkeyCreate';
import { Section } from './Section';
import { securityKeys } from './securityApi';

/** Passkeys: add one with a name (the browser's prompt), list, rename, remove. */
export function PasskeysSection() {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: securityKeys.passkeys,
    queryFn: () => http.request(cloudRequest(PASSKEY_ROUTES, 'cloud.me.passkeys.list')),
  });
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | undefined>();
  const [newName, setNewName] = useState('');

  const failed = (error: unknown) => {
    log.warn('Passkey change failed', error);
    toaster.error({ caption: serverMessage(error, i18n) ?? t('sec.passkeys.error') });
  };
  const reload = () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const made = await createPasskey(http, name);
      toaster.success({ caption: t('sec.passkeys.added', { name: made.passkey.name }) });
      setName('');
      await reload();
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (error) {
      if (!cancelled(error)) failed(error);
    } finally {
      setBusy(false);
    }
  };
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    try {
      await http.request(
        cloudRequest(PASSKEY_ROUTES, 'cloud.me.passkeys.rename', {
          params: { id: renaming.id },
          body: { name: newName.trim() },
        }),
      );
      setRenaming(undefined);
      await reload();
    } catch (error) {
      failed(error);
    }
  };
  const remove = async (passkey: Passkey) => {
    if (!(await confirm({ message: t('sec.passkeys.remove.confirm', { name: passkey.name }) }))) return;
    try {
      await http.request(
        cloudRequest(PASSKEY_ROUTES, 'cloud.me.passkeys.delete', { params: { id: passkey.id } }),
      );
      toaster.success({ caption: t('sec.passkeys.removed') });
      await reload();
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Section title={t('sec.passkeys.title')} testId="passkeys-section">
      <Text size="sm">{t('sec.passkeys.about')}</Text>
      {list.isError ? <Text c="red">{t('sec.load.error')}</Text> : null}
      {list.data && list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sec.passkeys.none')}
        </Text>
      ) : null}
      {list.data?.map((p) => (
        <Paper key={p.id} withBorder p="xs" data-testid="passkey-row" data-name={p.name}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Stack gap={0} style={{ flex: 1, minWidth: 180 }}>
              <Group gap="xs">
                <IconKey size={16} aria-hidden />
                <Text fw={500} truncate>
                  {p.name}
                </Text>
                {p.backedUp ? (
                  <Badge variant="light" color="gray">
                    {t('sec.passkeys.synced')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {t('sec.passkeys.created', { date: format.date(p.createdAt) })}
                {' · '}
                {p.lastUsedAt === null
                  ? t('sec.passkeys.neverUsed')
                  : t('sec.passkeys.lastUsed', { date: format.dateTime(p.lastUsedAt) })}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPencil size={14} aria-hidden />}
                aria-label={t('sec.passkeys.renameOf', { name: p.name })}
                onClick={() => {
                  setNewName(p.name);
                  setRenaming(p);
                }}
              >
                {t('sec.passkeys.rename')}
              </Button>
              <Button
                variant="light"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={t('sec.passkeys.removeOf', { name: p.name })}
                onClick={() => void remove(p)}
              >
                {t('sec.passkeys.remove')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      <form onSubmit={(e) => void add(e)}>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t('sec.passkeys.name')}
            value={name}
            maxLength={64}
            required
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button type="submit" loading={busy} disabled={name.trim() === ''}>
            {t('sec.passkeys.add')}
          </Button>
        </Group>
      </form>
      <AppModal
        opened={renaming !== undefined}
        onClose={() => setRenaming(undefined)}
        title={t('sec.passkeys.renameOf', { name: renaming?.name ?? '' })}
      >
        <form onSubmit={(e) => void rename(e)}>
          <Stack gap="xs">
            <TextInput
              label={t('sec.passkeys.newName')}
              value={newName}
              maxLength={64}
              required
              onChange={(e) => setNewName(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={newName.trim() === ''}>
                {t('sec.passkeys.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </Section>
  );
}

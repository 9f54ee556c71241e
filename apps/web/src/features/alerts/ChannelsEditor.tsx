import type { AlertChannelType } from '@st/protocol';
import { IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Menu } from '../../ui/floating/Menu';
import { ActionIcon, Button } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { PasswordInput } from '../../ui/kit/password';
import { Text, Title } from '../../ui/kit/text';
import { type ChannelDraft, newDraft } from './channelDraft';

const TYPES: AlertChannelType[] = ['webhook', 'ntfy', 'email'];

interface Props {
  drafts: ChannelDraft[];
  onChange: (drafts: ChannelDraft[]) => void;
  onTest: (id: string) => void;
  testing: string | undefined;
}

/** The channels of an alert settings form: one card per channel, its fields by type, and a test button. */
export function ChannelsEditor({ drafts, onChange, onTest, testing }: Props) {
  const { t } = useTranslation();
  const update = (key: number, patch: Partial<ChannelDraft>) =>
    onChange(drafts.map((d) => (d.key === key ? { ...d, ...patch, saved: false } : d)));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('alerts.channels')}
        </Title>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />}>
              {t('alerts.channel.add')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {TYPES.map((type) => (
              <Menu.Item
                key={type}
                onClick={() =>
                  onChange([
                    ...drafts,
                    newDraft(
                      type,
                      drafts.map((d) => d.id),
                    ),
                  ])
                }
              >
                {t(`alerts.channel.type.${type}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {drafts.length === 0 ? <Text c="dimmed">{t('alerts.channels.empty')}</Text> : null}
      {drafts.map((d) => (
        <Paper key={d.key} withBorder p="sm" radius="sm" data-testid={`channel-${d.id}`}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{t(`alerts.channel.type.${d.type}`)}</Text>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconSend size={14} aria-hidden />}
                  disabled={!d.saved}
                  title={d.saved ? undefined : t('alerts.channel.test.unsaved')}
                  loading={testing === d.id}
                  onClick={() => onTest(d.id)}
                >
                  {t('alerts.channel.test')}
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('alerts.channel.remove', { id: d.id })}
                  onClick={() => onChange(drafts.filter((x) => x.key !== d.key))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <TextInput
              label={t('alerts.channel.id')}
              value={d.id}
              onChange={(e) => update(d.key, { id: e.currentTarget.value })}
            />
            {d.type === 'email' ? (
              <EmailFields d={d} update={(p) => update(d.key, p)} />
            ) : (
              <>
                <TextInput
                  label={t(d.type === 'ntfy' ? 'alerts.channel.ntfyUrl' : 'alerts.channel.url')}
                  value={d.url}
                  type="url"
                  onChange={(e) => update(d.key, { url: e.currentTarget.value })}
                />
                {d.type === 'ntfy' ? (
                  <TextInput
                    label={t('alerts.channel.topic')}
                    value={d.topic}
                    onChange={(e) => update(d.key, { topic: e.currentTarget.value })}
                  />
                ) : null}
                <PasswordInput
                  label={t(d.type === 'ntfy' ? 'alerts.channel.token' : 'alerts.channel.secret')}
                  description={d.stored ? t('alerts.channel.secret.stored') : undefined}
                  value={d.secret}
                  autoComplete="new-password"
                  onChange={(e) => update(d.key, { secret: e.currentTarget.value })}
                />
              </>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function EmailFields({ d, update }: { d: ChannelDraft; update: (patch: Partial<ChannelDraft>) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Group grow>
        <TextInput
          label={t('alerts.channel.host')}
          value={d.host}
          onChange={(e) => update({ host: e.currentTarget.value })}
        />
        <TextInput
          label={t('alerts.channel.port')}
          value={d.port}
          inputMode="numeric"
          onChange={(e) => update({ port: e.currentTarget.value })}
        />
      </Group>
      <Checkbox
        label={t('alerts.channel.secure')}
        checked={d.secure}
        onChange={(e) => update({ secure: e.currentTarget.checked })}
      />
      <Checkbox
        label={t('alerts.channel.insecureLogin')}
        checked={d.insecureLogin}
        onChange={(e) => update({ insecureLogin: e.currentTarget.checked })}
      />
      <Group grow>
        <TextInput
          label={t('alerts.channel.user')}
          value={d.user}
          autoComplete="off"
          onChange={(e) => update({ user: e.currentTarget.value })}
        />
        <PasswordInput
          label={t('alerts.channel.password')}
          description={d.stored ? t('alerts.channel.secret.stored') : undefined}
          value={d.secret}
          autoComplete="new-password"
          onChange={(e) => update({ secret: e.currentTarget.value })}
        />
      </Group>
      <TextInput
        label={t('alerts.channel.from')}
        value={d.from}
        onChange={(e) => update({ from: e.currentTarget.value })}
      />
      <TextInput
        label={t('alerts.channel.to')}
        value={d.to}
        onChange={(e) => update({ to: e.currentTarget.value })}
      />
    </>
  );
}

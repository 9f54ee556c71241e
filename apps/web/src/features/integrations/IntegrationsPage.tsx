import type { MqttConnectionState, MqttSettings } from '@st/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { failureText } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { Loader } from '../../ui/kit/feedback';
import { TextInput } from '../../ui/kit/inputs';
import { Center, Group, Paper, Stack } from '../../ui/kit/layout';
import { PasswordInput } from '../../ui/kit/password';
import { Alert, Badge } from '../../ui/kit/status';
import { Anchor, Text, Title } from '../../ui/kit/text';
import { Code } from '../../ui/kit/textBlocks';
import { Switch } from '../../ui/kit/toggles';
import { useCanWrite } from '../accounts/useCanWrite';
import { ViewerNote } from '../accounts/ViewerNote';
import { useIntegrationsApi } from './integrationsApi';
import { integrationsEn, integrationsRu } from './messages';

addTexts(integrationsEn, integrationsRu);

const STATE_COLOR: Record<MqttConnectionState, string> = {
  disabled: 'gray',
  connecting: 'yellow',
  connected: 'green',
  error: 'red',
};

interface Form {
  enabled: boolean;
  url: string;
  username: string;
  password: string;
  clearPassword: boolean;
  discoveryPrefix: string;
  baseTopic: string;
}

const toForm = (s: MqttSettings): Form => ({
  enabled: s.enabled,
  url: s.url,
  username: s.username,
  password: '',
  clearPassword: false,
  discoveryPrefix: s.discoveryPrefix,
  baseTopic: s.baseTopic,
});

/** Route `integrations`: the Home Assistant bridge of the gateway on screen, and where its metrics are. */
export default function IntegrationsPage() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite();
  const { toaster, config } = useServices();
  const { api, key } = useIntegrationsApi();
  const client = useQueryClient();
  // The status moves on its own (connecting -> connected), so it is polled while the screen is open.
  const settings = useQuery({ queryKey: key, queryFn: api.mqtt, refetchInterval: 3000 });
  const [form, setForm] = useState<Form | undefined>(undefined);
  useEffect(() => {
    if (settings.data && form === undefined) setForm(toForm(settings.data));
  }, [settings.data, form]);
  useEffect(() => {
    if (settings.error) toaster.error({ caption: t('integrations.mqtt.load.error') });
  }, [settings.error, toaster, t]);

  const save = useMutation({
    mutationFn: (f: Form) =>
      api.saveMqtt({
        enabled: f.enabled,
        url: f.url.trim(),
        username: f.username,
        ...(f.clearPassword ? { password: '' } : f.password ? { password: f.password } : {}),
        discoveryPrefix: f.discoveryPrefix,
        baseTopic: f.baseTopic,
      }),
    // a poll answer in flight predates the save: it must not show the old settings again
    onMutate: () => client.cancelQueries({ queryKey: key }),
    onSuccess: async (saved) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData(key, saved);
      setForm(toForm(saved));
      toaster.success({ caption: t('integrations.mqtt.saved') });
    },
    onError: (error) =>
      toaster.error({ caption: t('integrations.mqtt.save.error'), description: failureText(error, t, i18n) }),
  });

  const data = settings.data;
  const readOnly = data?.source === 'env';
  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form) save.mutate(form);
  };
  const metricsUrl = config.mode === 'gateway' ? `${window.location.origin}/metrics` : '/metrics';

  return (
    <Stack gap="md" maw={720}>
      <Title order={2} size="h3">
        {t('integrations.title')}
      </Title>
      <Paper withBorder p="md" component="section" aria-labelledby="mqtt-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4" id="mqtt-title">
              {t('integrations.mqtt.title')}
            </Title>
            {data ? (
              <Group gap="xs" aria-live="polite">
                <Text size="sm" c="dimmed">
                  {t('integrations.mqtt.status')}:
                </Text>
                <Badge color={STATE_COLOR[data.status.state]} variant="light" data-testid="mqtt-status">
                  {t(`integrations.mqtt.status.${data.status.state}`)}
                </Badge>
              </Group>
            ) : null}
          </Group>
          <Text size="sm">{t('integrations.mqtt.intro')}</Text>
          {data?.status.error ? (
            <Alert color="red" variant="light" data-testid="mqtt-error">
              {data.status.error}
            </Alert>
          ) : null}
          {data?.status.state === 'connected' ? (
            <Text size="sm" c="dimmed">
              {t('integrations.mqtt.devices', { count: data.status.devices })}
            </Text>
          ) : null}
          {readOnly ? <Alert variant="light">{t('integrations.mqtt.env')}</Alert> : null}
          <ViewerNote />
          {settings.isPending || !form ? (
            <Center p="md">
              <Loader role="status" size="sm" aria-label={t('common.loading')} />
            </Center>
          ) : (
            <form onSubmit={submit}>
              {/* A viewer (cloud mode): the whole form is disabled (the cloud refuses the save anyway). */}
              <fieldset disabled={!canWrite} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                <Stack gap="sm">
                  <Switch
                    label={t('integrations.mqtt.enabled')}
                    checked={form.enabled}
                    disabled={readOnly}
                    onChange={(e) => set({ enabled: e.currentTarget.checked })}
                  />
                  <TextInput
                    label={t('integrations.mqtt.url')}
                    description={t('integrations.mqtt.url.hint')}
                    value={form.url}
                    disabled={readOnly}
                    required={form.enabled}
                    onChange={(e) => set({ url: e.currentTarget.value })}
                    autoComplete="off"
                  />
                  <Group grow align="flex-start" wrap="wrap">
                    <TextInput
                      label={t('integrations.mqtt.username')}
                      value={form.username}
                      disabled={readOnly}
                      onChange={(e) => set({ username: e.currentTarget.value })}
                      autoComplete="off"
                    />
                    <PasswordInput
                      label={t('integrations.mqtt.password')}
                      placeholder={data?.passwordSet ? t('integrations.mqtt.password.saved') : undefined}
                      value={form.password}
                      disabled={readOnly || form.clearPassword}
                      onChange={(e) => set({ password: e.currentTarget.value })}
                      autoComplete="new-password"
                    />
                  </Group>
                  {data?.passwordSet && !readOnly ? (
                    <Checkbox
                      label={t('integrations.mqtt.password.clear')}
                      checked={form.clearPassword}
                      onChange={(e) => set({ clearPassword: e.currentTarget.checked, password: '' })}
                    />
                  ) : null}
                  <Group grow align="flex-start" wrap="wrap">
                    <TextInput
                      label={t('integrations.mqtt.discoveryPrefix')}
                      value={form.discoveryPrefix}
                      disabled={readOnly}
                      onChange={(e) => set({ discoveryPrefix: e.currentTarget.value })}
                    />
                    <TextInput
                      label={t('integrations.mqtt.baseTopic')}
                      value={form.baseTopic}
                      disabled={readOnly}
                      onChange={(e) => set({ baseTopic: e.currentTarget.value })}
                    />
                  </Group>
                  {readOnly ? null : (
                    <Group justify="flex-end">
                      <Button type="submit" loading={save.isPending}>
                        {t('integrations.mqtt.save')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </fieldset>
            </form>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="metrics-title">
        <Stack gap="xs">
          <Title order={3} size="h4" id="metrics-title">
            {t('integrations.metrics.title')}
          </Title>
          <Text size="sm">
            {t('integrations.metrics.intro', { url: metricsUrl })}{' '}
            {config.mode === 'gateway' ? (
              <Anchor href="metrics" target="_blank" rel="noreferrer" size="sm">
                <Code>/metrics</Code>
              </Anchor>
            ) : null}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

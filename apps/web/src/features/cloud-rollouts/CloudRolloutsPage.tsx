import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button, UnstyledButton } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { BackToGateways } from '../accounts/BackToGateways';
import { accountsEn, accountsRu } from '../accounts/messages';
import { rolloutsEn, rolloutsRu } from '../rollouts/messages';
import { CloudRolloutView } from './CloudRolloutView';
import { CreateCloudRollout } from './CreateCloudRollout';
import { cloudRolloutKeys, cloudRolloutsApi } from './cloudRolloutsApi';
import { cloudRolloutsEn, cloudRolloutsRu } from './messages';
import { cloudRolloutsFirstEn, cloudRolloutsFirstRu } from './messagesFirst';

addTexts(cloudRolloutsFirstEn, cloudRolloutsFirstRu);
addTexts(cloudRolloutsEn, cloudRolloutsRu);
addTexts(accountsEn, accountsRu);
addTexts(rolloutsEn, rolloutsRu);

/**
 * Route /rollouts (cloud mode): rollouts across gateways — a new one, the one chosen with its live progress per
 * gateway, wave and device, and every rollout the user can see, newest first.
 */
export default function CloudRolloutsPage() {
  const { t } = useTranslation();
  const { http, gatewayFetch } = useServices();
  const api = useMemo(() => cloudRolloutsApi(http, gatewayFetch), [http, gatewayFetch]);
  const [creating, setCreating] = useState(false);
  const [chosen, setChosen] = useState<string | undefined>();
  const list = useQuery({ queryKey: cloudRolloutKeys.list, queryFn: api.list, refetchInterval: 5000 });
  const shown = chosen ?? list.data?.[0]?.id;
  return (
    <Stack gap="sm" w="100%" maw={1100} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('cloudRollouts.title')}
        </Title>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('cloudRollouts.new')}
          </Button>
          <BackToGateways />
        </Group>
      </Group>
      {creating ? (
        <CreateCloudRollout
          api={api}
          onCancel={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setChosen(id);
          }}
        />
      ) : null}
      {shown ? <CloudRolloutView api={api} id={shown} onDeleted={() => setChosen(undefined)} /> : null}
      <Title order={2} size="h4">
        {t('cloudRollouts.past')}
      </Title>
      {list.isPending ? <Loader role="status" size="sm" aria-label={t('common.loading')} /> : null}
      {list.isError ? <Text c="red">{t('cloudRollouts.load.error')}</Text> : null}
      {list.isSuccess && list.data.length === 0 ? <Text c="dimmed">{t('cloudRollouts.empty')}</Text> : null}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {(list.data ?? []).map((r) => (
          <Paper component="li" key={r.id} withBorder p="xs" data-testid="cloud-rollout-item">
            <UnstyledButton
              onClick={() => setChosen(r.id)}
              aria-current={r.id === shown}
              style={{ width: '100%' }}
            >
              <Group justify="space-between">
                <Text fw={600}>{r.name}</Text>
                <Badge data-state={r.state}>{r.state}</Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {`${new Date(r.createdAt).toLocaleString()} · ${r.reason ?? ''}`}
              </Text>
            </UnstyledButton>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

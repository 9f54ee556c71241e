import type { Gateway } from '@st/protocol';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useServices } from '../../app/ServicesContext';
import { Tooltip } from '../../ui/floating/Tooltip';
import { ActionIcon, Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Center, Group, Stack } from '../../ui/kit/layout';
import { Text, Title } from '../../ui/kit/text';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { GatewayItem } from './GatewayItem';
import { gatewayKeys, gatewaysApi } from './gatewaysApi';
import { useGatewayActions } from './useGatewayActions';

// The edit and token dialogs are downloaded when one is first opened.
const GatewayEditDialog = lazy(() =>
  import('./GatewayEditDialog').then((m) => ({ default: m.GatewayEditDialog })),
);
const TokenDialog = lazy(() => import('./TokenDialog').then((m) => ({ default: m.TokenDialog })));
const SharesDialog = lazy(() => import('../accounts/SharesDialog'));

type Editing = { gateway?: Gateway } | undefined;

/** The gateway list (route /gateways, and inside the header's selector dialog). */
export function GatewaySelector({ onClose }: { onClose?: () => void }) {
  const { http, toaster, log } = useServices();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actions = useGatewayActions();
  const [editing, setEditing] = useState<Editing>(undefined);
  const [token, setToken] = useState<string | undefined>(undefined);
  const [sharing, setSharing] = useState<Gateway | undefined>(undefined);
  const dialogsLoaded = useOpenedOnce(editing !== undefined || token !== undefined);
  const list = useQuery({ queryKey: gatewayKeys.list, queryFn: () => gatewaysApi(http).list() });

  useEffect(() => {
    if (list.error === null) return;
    log.warn('Failed to load gateways', list.error);
    toaster.error({ caption: t('gateway.selector.load.error') });
  }, [list.error, log, toaster, t]);

  const open = (gateway: Gateway) => {
    onClose?.();
    if (!gateway.online) {
      toaster.error({ caption: t('gateway.select.offline'), description: t('gateway.select.offline.desc') });
      return;
    }
    navigate(`/${encodeURIComponent(gateway.id)}/overview`);
  };

  const save = async (draft: { name: string; description: string }) => {
    const target = editing?.gateway;
    const done = target === undefined ? await actions.create(draft) : await actions.update(target, draft);
    if (done) setEditing(undefined);
  };

  return (
    <Stack gap="sm" w="100%" maw={480} mx="auto">
      {/* In the dialog its title already names the selector (no second heading). */}
      <Group justify={onClose === undefined ? 'space-between' : 'flex-end'} wrap="nowrap">
        {onClose === undefined ? (
          <Title order={1} size="h3">
            {t('gateway.selector.title')}
          </Title>
        ) : null}
        <Tooltip label={t('gateway.selector.refresh')}>
          <ActionIcon
            variant="subtle"
            onClick={() => void list.refetch()}
            loading={list.isFetching}
            aria-label={t('gateway.selector.refresh')}
          >
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {list.isPending ? (
        <Center p="md">
          <Loader role="status" size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : null}
      {list.data?.length === 0 ? <Text c="dimmed">{t('gateway.selector.empty')}</Text> : null}
      {list.data?.map((gateway) => (
        <GatewayItem
          key={gateway.id}
          gateway={gateway}
          onOpen={open}
          onEdit={(g) => setEditing({ gateway: g })}
          onDelete={(g) => void actions.remove(g)}
          onGenerateToken={(g) => void actions.generateToken(g).then(setToken)}
          onDeleteToken={(g) => void actions.deleteToken(g)}
          onShare={setSharing}
        />
      ))}
      <Button leftSection={<IconPlus size={16} aria-hidden />} variant="light" onClick={() => setEditing({})}>
        {t('gateway.create.button')}
      </Button>
      {sharing ? (
        <Suspense fallback={null}>
          <SharesDialog gateway={sharing} onClose={() => setSharing(undefined)} />
        </Suspense>
      ) : null}
      {dialogsLoaded ? (
        <Suspense fallback={null}>
          <GatewayEditDialog
            opened={editing !== undefined}
            gateway={editing?.gateway}
            onClose={() => setEditing(undefined)}
            onSave={save}
          />
          <TokenDialog token={token} onClose={() => setToken(undefined)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

import { canDisconnect, canReconnect } from '@st/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { TextInput } from '../../ui/kit/inputs';
import { Center, Group, Stack } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Title } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { authEn, authRu } from '../auth/messages';
import { securityEn, securityRu } from '../security/messages';
import { CloudConnectForm } from './CloudConnectForm';
import { cloudLinkEn, cloudLinkFirstEn, cloudLinkFirstRu, cloudLinkRu } from './messages';
import type { CloudLink } from './useCloudLink';

addTexts(cloudLinkFirstEn, cloudLinkFirstRu);
addTexts(cloudLinkEn, cloudLinkRu);
addTexts(authEn, authRu);
addTexts(securityEn, securityRu);

export interface CloudStatusDialogProps {
  opened: boolean;
  onClose: () => void;
  link: CloudLink;
}

export function CloudStatusDialog({ opened, onClose, link }: CloudStatusDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('gateway.cloud.info')}>
      {opened ? <DialogContent link={link} onClose={onClose} /> : null}
    </AppModal>
  );
}

function DialogContent({ link, onClose }: { link: CloudLink; onClose: () => void }) {
  const { t } = useTranslation();
  const { toaster, log } = useServices();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const { identity, cloudConfig, status, api } = link;

  const run = async (caption: string, action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      log.warn(caption, error);
      toaster.error({ caption });
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (identity.isPending) {
    return (
      <Center p="md">
        <Loader role="status" size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (identity.isError) {
    return (
      <Alert color="red" role="alert">
        {t('gateway.cloud.status.load.error')}
      </Alert>
    );
  }
  if (identity.data === null) {
    return (
      <Stack>
        <Title order={3} size="h5">
          {t('gateway.cloud.info.missing')}
        </Title>
        <CloudConnectForm link={link} />
      </Stack>
    );
  }

  const { user, gateway } = identity.data;
  const current = status.data;
  const reconnect = () => void run(t('gateway.cloud.conn.failed'), api.connect);
  const disconnect = async () => {
    if (
      !(await confirm({
        message: t('gateway.cloud.disconnect.confirm'),
        confirmLabel: t('gateway.cloud.disconnect'),
      }))
    )
      return;
    await run(t('gateway.cloud.disconnect.failed'), api.disconnect);
  };
  const logout = async () => {
    if (!(await confirm({ message: t('gateway.cloud.logout.confirm'), confirmLabel: t('log.out') }))) return;
    if (!(await run(t('gateway.cloud.logout.error'), api.logout))) return;
    toaster.success({ caption: t('gateway.cloud.logout.success') });
    onClose();
    await link.reload();
  };

  return (
    <Stack gap="xs">
      {link.tokenRefused ? (
        <>
          <Alert color="red" role="alert" data-testid="cloud-token-refused">
            {t('gateway.cloud.problem.TOKEN_REFUSED')}
          </Alert>
          <CloudConnectForm link={link} />
        </>
      ) : null}
      {cloudConfig.data ? (
        <TextInput label={t('gateway.cloud.config')} value={cloudConfig.data.cloudUrl} readOnly />
      ) : null}
      <TextInput
        label={t('gateway.cloud.info.user')}
        description={t('gateway.cloud.info.user.id', { id: user.id })}
        value={user.login}
        readOnly
      />
      <TextInput label={t('gateway.cloud.info.gateway.id')} value={gateway.id} readOnly />
      <TextInput label={t('gateway.cloud.info.gateway.name')} value={gateway.name} readOnly />
      <TextInput label={t('gateway.cloud.info.gateway.description')} value={gateway.description} readOnly />
      <Group justify="flex-end" mt="sm">
        {current !== undefined && canReconnect(current) ? (
          <Button onClick={reconnect} loading={busy}>
            {t('gateway.cloud.reconnect')}
          </Button>
        ) : null}
        {current !== undefined && canDisconnect(current) ? (
          <Button variant="light" onClick={() => void disconnect()} disabled={busy}>
            {t('gateway.cloud.disconnect')}
          </Button>
        ) : null}
        <Button color="red" variant="light" onClick={() => void logout()} disabled={busy}>
          {t('log.out')}
        </Button>
      </Group>
    </Stack>
  );
}

import { Alert, Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { LOCAL_NAME_MAX_LENGTH } from '@st/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayRequest } from '../../api/routes';
import { useServices } from '../../app/ServicesContext';
import { failureText } from '../../ui/describeFailure';
import { cloudLinkApi, cloudLinkKeys } from '../cloud-link/cloudLinkApi';

const nameKey = ['gateway', 'name'] as const;

/**
 * Gateway mode header (issue 17, defect 11): the gateway's name, the cloud's name for it once linked to a
 * cloud, its local name (host name by default) otherwise; also the browser title. Clicking renames it.
 */
export function GatewayNameHeader() {
  const { t } = useTranslation();
  const { http } = useServices();
  const [open, setOpen] = useState(false);
  const local = useQuery({
    queryKey: nameKey,
    queryFn: () => http.request(gatewayRequest('gateway.name.get')),
  });
  const identity = useQuery({
    queryKey: cloudLinkKeys.identity,
    queryFn: () => cloudLinkApi(http).identity(),
  });
  const cloudName = identity.data?.gateway.name;
  const name = cloudName ?? local.data?.name;

  useEffect(() => {
    if (name !== undefined) document.title = `${name} · SmartThing`;
  }, [name]);

  if (name === undefined) return null;
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        miw={0}
        aria-label={t('header.gateway', { name })}
        title={t('gatewayName.rename', { name })}
        data-testid="gateway-name"
      >
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
      </UnstyledButton>
      {open && (
        <RenameDialog current={local.data?.name ?? ''} cloudName={cloudName} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function RenameDialog({
  current,
  cloudName,
  onClose,
}: {
  current: string;
  cloudName: string | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { http, toaster } = useServices();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(current);
  const save = useMutation({
    mutationFn: (name: string) => http.request(gatewayRequest('gateway.name.set', { body: { name } })),
    onSuccess: (data) => {
      queryClient.setQueryData(nameKey, data);
      toaster.success({ caption: t('gatewayName.saved') });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value);
  };
  return (
    <Modal opened onClose={onClose} title={t('gatewayName.dialog.title')}>
      <form onSubmit={submit}>
        <Stack>
          {cloudName !== undefined && (
            <Text size="sm" c="dimmed">
              {t('gatewayName.dialog.cloud', { name: cloudName })}
            </Text>
          )}
          <TextInput
            label={t('gatewayName.field')}
            description={t('gatewayName.dialog.hint')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            maxLength={LOCAL_NAME_MAX_LENGTH}
            required
            data-autofocus
          />
          {save.isError && (
            <Alert color="red" role="alert">
              {failureText(save.error, t, i18n)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('gatewayName.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={value.trim() === ''}>
              {t('gatewayName.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

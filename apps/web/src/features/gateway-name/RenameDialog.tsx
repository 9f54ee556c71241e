import { GATEWAY_ROUTES, LOCAL_NAME_MAX_LENGTH } from '@st/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayRequest } from '../../api/routes';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { failureText } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { Modal } from '../../ui/kit/overlays';
import { Alert } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { gatewayNameEn, gatewayNameRu } from './messages';
import { nameKey } from './nameKey';

addTexts(gatewayNameEn, gatewayNameRu);

/** Renames the gateway (its local name); opened from the header's name (GatewayNameHeader.tsx). */
export default function RenameDialog({
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
    mutationFn: (name: string) =>
      http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.name.set', { body: { name } })),
    // an answer in flight predates the rename: it must not bring the old name back
    onMutate: () => queryClient.cancelQueries({ queryKey: nameKey }),
    onSuccess: async (data) => {
      await queryClient.cancelQueries({ queryKey: nameKey });
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

import type { Gateway } from '@st/protocol';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { Textarea } from '../../ui/kit/textFields';
import type { GatewayDraft } from './gatewaysApi';
import { gatewaysEn, gatewaysRu } from './messages';
import { checkGatewayName, GATEWAY_SAVE_KEY } from './validateName';

addTexts(gatewaysEn, gatewaysRu);

export interface GatewayEditDialogProps {
  opened: boolean;
  /** Absent: create a new gateway. */
  gateway?: Gateway | undefined;
  onClose: () => void;
  onSave: (draft: GatewayDraft) => Promise<void>;
}

export function GatewayEditDialog(props: GatewayEditDialogProps) {
  const { t } = useTranslation();
  const title = props.gateway === undefined ? t('gateway.edit.title.create') : t('gateway.edit.title.update');
  return (
    <AppModal opened={props.opened} onClose={props.onClose} title={title}>
      {/* Remounted on every opening, so the fields always start from the gateway being edited. */}
      {props.opened ? <GatewayForm {...props} /> : null}
    </AppModal>
  );
}

function GatewayForm({ gateway, onSave }: GatewayEditDialogProps) {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const [name, setName] = useState(gateway?.name ?? '');
  const [description, setDescription] = useState(gateway?.description ?? '');
  const [busy, setBusy] = useState(false);
  const nameCheck = checkGatewayName(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (nameCheck.kind === 'blank') {
      toaster.error({ caption: t('gateway.edit.validation.name.blank'), key: GATEWAY_SAVE_KEY });
      return;
    }
    // A name over the limit is still sent: the server's answer is the one toast (the field says it already).
    setBusy(true);
    try {
      await onSave({ name: name.trim(), description });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label={t('gateway.edit.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={
            nameCheck.kind === 'long'
              ? t('gateway.edit.validation.name.long.desc', { count: nameCheck.max })
              : undefined
          }
          required
          data-autofocus
        />
        <Textarea
          label={t('gateway.edit.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {gateway === undefined ? t('gateway.edit.button.create') : t('gateway.edit.button.update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

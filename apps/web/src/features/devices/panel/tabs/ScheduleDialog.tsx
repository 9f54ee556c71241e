import type { DeviceAction } from '@st/protocol';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../app/ServicesContext';
import { AppModal } from '../../../../ui/AppModal';
import { Button } from '../../../../ui/kit/buttons';
import { Group, Stack } from '../../../../ui/kit/layout';
import { NumberInput } from '../../../../ui/NumberInput';
import { useConfirm } from '../../../../ui/useConfirm';
import { useDeviceErrorToast } from '../../api/deviceErrors';
import { useDeviceCaller } from '../../api/useDevices';
import { decideDelay } from '../../model/schedule';
import { useDevicePanel } from '../DeviceContext';

export interface ScheduleDialogProps {
  action: DeviceAction;
  onClose: () => void;
  onSaved: () => void;
}

/** Call delay of an action in ms (spec section 5): unchanged closes, negative is refused, 0 asks and disables. */
export function ScheduleDialog({ action, onClose, onSaved }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { device } = useDevicePanel();
  const call = useDeviceCaller();
  const confirm = useConfirm();
  const toastError = useDeviceErrorToast();
  const current = action.callDelay ?? 0;
  const [value, setValue] = useState<string | number>(current);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (callDelay: number) => call(device.ip, 'actionSchedule', { name: action.name, callDelay }),
    onSuccess: (_, callDelay) => {
      toaster.success({
        caption:
          callDelay === 0
            ? t('devices.actions.delay.disabled')
            : t('devices.actions.delay.updated', { count: callDelay }),
      });
      onSaved();
      onClose();
    },
    onError: (e) => toastError(t('devices.actions.delay.update.error'), e),
  });
  const apply = async (raw: string | number) => {
    const decision = decideDelay(current, raw);
    switch (decision.kind) {
      case 'unchanged':
        onClose();
        return;
      case 'invalid':
        setError(t('devices.actions.delay.invalid'));
        return;
      case 'negative':
        setError(t('devices.actions.delay.validation.error'));
        toaster.error({ caption: t('devices.actions.delay.validation.error') });
        return;
      case 'disable':
        if (
          await confirm({ message: t('devices.actions.delay.disable.confirm', { action: action.caption }) })
        )
          save.mutate(0);
        return;
      case 'save':
        save.mutate(decision.callDelay);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void apply(value);
  };
  return (
    <AppModal opened onClose={onClose} title={t('devices.actions.delay.title', { action: action.caption })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <NumberInput
            label={t('devices.actions.delay.label')}
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(undefined);
            }}
            allowDecimal={false}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" color="red" onClick={() => void apply(0)} disabled={save.isPending}>
              {t('devices.actions.delay.disable')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('devices.actions.delay.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

import type { DeviceInfo } from '@st/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../app/ServicesContext';
import { Button } from '../../../../ui/kit/buttons';
import { Loader } from '../../../../ui/kit/feedback';
import { TextInput } from '../../../../ui/kit/inputs';
import { Center, Group, SimpleGrid, Stack } from '../../../../ui/kit/layout';
import { useCanWrite } from '../../../accounts/useCanWrite';
import { ViewerNote } from '../../../accounts/ViewerNote';
import { TagEditor } from '../../../tags/TagEditor';
import { useDeviceErrorToast } from '../../api/deviceErrors';
import { deviceKeys, useDeviceCaller, useGatewayKey } from '../../api/useDevices';
import { useDevicePanel } from '../DeviceContext';
import { useDeviceKey, useDeviceQuery } from '../useDeviceQuery';

/** Name (editable), type, address, board, library and firmware versions, chip. */
export function InfoTab() {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { device, onRenamed } = useDevicePanel();
  const call = useDeviceCaller();
  const queryClient = useQueryClient();
  const gatewayKey = useGatewayKey();
  const toastError = useDeviceErrorToast();
  const canWrite = useCanWrite();
  const info = useDeviceQuery('getInfo', t('devices.info.load.error'));
  const infoKey = useDeviceKey('getInfo');
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (info.data !== undefined) setName(info.data.name);
  }, [info.data]);
  const save = useMutation({
    mutationFn: (value: string) => call(device.ip, 'saveName', { name: value }),
    // a list answer in flight predates the rename: it must not bring the old name back
    onMutate: () => queryClient.cancelQueries({ queryKey: deviceKeys.found(gatewayKey) }),
    onSuccess: async (_, value) => {
      toaster.success({ caption: t('devices.info.name.saved') });
      await queryClient.invalidateQueries({ queryKey: infoKey });
      const renamed = queryClient.getQueryData<{ name: string }>(infoKey)?.name ?? value;
      onRenamed(renamed);
      // The found list takes the new name here rather than from a refetch: the gateway may answer that
      // refetch before the device's next beacon tells it the name, and its answer would then overwrite the
      // live update that beacon brings (seen in cloud mode: the list kept the old name). The saved list is
      // the gateway's record: asked again.
      await queryClient.cancelQueries({ queryKey: deviceKeys.found(gatewayKey) });
      queryClient.setQueryData<DeviceInfo[]>(deviceKeys.found(gatewayKey), (list) =>
        list?.map((d) => (d.ip === device.ip ? { ...d, name: renamed } : d)),
      );
      void queryClient.invalidateQueries({ queryKey: deviceKeys.saved(gatewayKey) });
    },
    onError: (error) => toastError(t('devices.info.name.error'), error),
  });
  if (info.data === undefined) {
    return (
      <Center mih={80}>
        {info.isFetching ? <Loader role="status" aria-label={t('common.loading')} /> : null}
      </Center>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (value === '') {
      setInvalid(true);
      return;
    }
    save.mutate(value);
  };
  const d = info.data;
  const field = (label: string, value: string | number | undefined) =>
    value === undefined ? null : <TextInput label={label} value={String(value)} readOnly variant="filled" />;
  return (
    <Stack>
      <ViewerNote />
      <form onSubmit={submit} noValidate>
        {/* Save sits beside the field, not in a fixed-width right section: "Сохранить" did not fit in one */}
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={t('devices.info.name')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setInvalid(false);
            }}
            error={invalid ? t('devices.info.name.error.empty') : undefined}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!canWrite}
            style={{ flexShrink: 0 }}
            mt="calc(var(--st-fz-sm) * 1.55 + 3px)"
          >
            {t('devices.info.name.save')}
          </Button>
        </Group>
      </form>
      <TagEditor ip={device.ip} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field(t('devices.info.type'), d.type)}
        {field(t('devices.info.ip'), d.ip)}
        {field(t('devices.info.board'), d.board)}
        {field(t('devices.info.st.version'), d.stVersion)}
        {field(t('devices.info.version'), d.version)}
        {field(t('devices.info.chip.model'), d.chip_model)}
        {field(t('devices.info.chip.revision'), d.chip_revision)}
      </SimpleGrid>
    </Stack>
  );
}

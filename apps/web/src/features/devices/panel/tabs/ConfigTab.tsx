import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../app/ServicesContext';
import { Tooltip } from '../../../../ui/floating/Tooltip';
import { ActionIcon, Button } from '../../../../ui/kit/buttons';
import { Loader } from '../../../../ui/kit/feedback';
import { TextInput } from '../../../../ui/kit/inputs';
import { Center, Group, Stack } from '../../../../ui/kit/layout';
import { Text } from '../../../../ui/kit/text';
import { useConfirm } from '../../../../ui/useConfirm';
import { useCanWrite } from '../../../accounts/useCanWrite';
import { ViewerNote } from '../../../accounts/ViewerNote';
import { useDeviceErrorToast } from '../../api/deviceErrors';
import { useDeviceCaller } from '../../api/useDevices';
import { useDevicePanel } from '../DeviceContext';
import { useDeviceKey, useDeviceQuery } from '../useDeviceQuery';

/**
 * The device's config entries: edit and save all, delete one, delete all (after confirming). Only entries with
 * a value are fields; the firmware's other entries (declared, no value) are listed under "Not set", where a
 * click brings one back as a field. Deleting a value therefore removes its field (issue 17, defect 4).
 */
export function ConfigTab() {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const { device } = useDevicePanel();
  const call = useDeviceCaller();
  const confirm = useConfirm();
  const toastError = useDeviceErrorToast();
  const canWrite = useCanWrite();
  const config = useDeviceQuery('getConfigValues', t('devices.config.load.error'));
  const queryClient = useQueryClient();
  const configKey = useDeviceKey('getConfigValues');
  const [values, setValues] = useState<Record<string, string>>({});
  // unset entries the user opened as fields to give them a value
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (config.data !== undefined) setValues(config.data);
  }, [config.data]);
  const key = `config:${device.ip}`;
  const done = (caption: string) => () => {
    toaster.success({ caption, key });
    void config.refetch();
  };
  const save = useMutation({
    mutationFn: (all: Record<string, string>) => call(device.ip, 'saveConfigValues', { values: all }),
    onSuccess: done(t('devices.config.save.success')),
    onError: (error) => toastError(t('devices.config.save.error'), error, key),
  });
  const removeOne = useMutation({
    mutationFn: (name: string) => call(device.ip, 'deleteConfigValue', { name }),
    // an answer in flight predates the delete: it must not bring the value back
    onMutate: () => queryClient.cancelQueries({ queryKey: configKey }),
    onSuccess: async (_, name) => {
      // the field goes at once (the refetch confirms the device cleared it)
      await queryClient.cancelQueries({ queryKey: configKey });
      queryClient.setQueryData<Record<string, string>>(configKey, (data) =>
        data === undefined ? data : { ...data, [name]: '' },
      );
      setOpened((o) => new Set([...o].filter((n) => n !== name)));
      done(t('devices.config.delete.one.success'))();
    },
    onError: (error) => toastError(t('devices.config.delete.error'), error, key),
  });
  const removeAll = useMutation({
    mutationFn: () => call(device.ip, 'deleteAllConfigValues'),
    onMutate: () => queryClient.cancelQueries({ queryKey: configKey }),
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: configKey });
      queryClient.setQueryData<Record<string, string>>(configKey, (data) =>
        data === undefined ? data : Object.fromEntries(Object.keys(data).map((name) => [name, ''])),
      );
      setOpened(new Set());
      done(t('devices.config.delete.all.success'))();
    },
    onError: (error) => toastError(t('devices.config.delete.error'), error),
  });
  if (config.data === undefined) {
    return (
      <Center mih={80}>
        {config.isFetching ? <Loader role="status" aria-label={t('common.loading')} /> : null}
      </Center>
    );
  }
  const data = config.data;
  const names = Object.keys(data);
  if (names.length === 0) return <Text c="dimmed">{t('devices.config.empty.entries')}</Text>;
  const fields = names.filter((name) => data[name] !== '' || opened.has(name));
  const unset = names.filter((name) => !fields.includes(name));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={520}>
        <ViewerNote />
        {fields.map((name) => (
          <Group key={name} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={name}
              title={t('devices.config.field.title', { name })}
              value={values[name] ?? ''}
              placeholder={t('devices.config.notSet')}
              onChange={(e) => {
                const next = e.currentTarget.value;
                setValues((v) => ({ ...v, [name]: next }));
              }}
              style={{ flex: 1 }}
            />
            <Tooltip label={t('devices.config.delete.one', { name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('devices.config.delete.one', { name })}
                disabled={!canWrite || data[name] === ''}
                loading={removeOne.isPending && removeOne.variables === name}
                onClick={async () => {
                  if (await confirm({ message: t('devices.config.delete.one.confirm', { name }) }))
                    removeOne.mutate(name);
                }}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {unset.length > 0 && (
          <Group gap="xs" aria-label={t('devices.config.unset.title')} role="group">
            <Text size="sm" c="dimmed">
              {t('devices.config.unset.title')}
            </Text>
            {unset.map((name) => (
              <Button
                key={name}
                variant="default"
                size="compact-sm"
                disabled={!canWrite}
                aria-label={t('devices.config.unset.add', { name })}
                onClick={() => setOpened((o) => new Set([...o, name]))}
              >
                {name}
              </Button>
            ))}
          </Group>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!canWrite}>
            {t('devices.config.button.save')}
          </Button>
          <Button
            color="red"
            variant="light"
            loading={removeAll.isPending}
            disabled={!canWrite}
            onClick={async () => {
              if (await confirm({ message: t('devices.config.delete.confirm') })) removeAll.mutate();
            }}
          >
            {t('devices.config.button.delete.all')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

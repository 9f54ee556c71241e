import {
  effectiveHookTemplate,
  type HookFields,
  hookTypesOf,
  humanizeHookType,
  newHookDraft,
} from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../../ui/kit/feedback';
import { Center, Stack } from '../../../../ui/kit/layout';
import { Text, Title } from '../../../../ui/kit/text';
import { Select } from '../../../../ui/Select';
import { useCanWrite } from '../../../accounts/useCanWrite';
import { ViewerNote } from '../../../accounts/ViewerNote';
import { useDeviceCaller } from '../../api/useDevices';
import { useQueryErrorToast } from '../../api/useQueryErrorToast';
import { useDevicePanel } from '../DeviceContext';
import { useDeviceKey } from '../useDeviceQuery';
import { HookCard } from './HookCard';

/** The hooks of one sensor: list, add one of the template's types, edit, delete, test. */
export function HooksEditor({ sensor }: { sensor: string }) {
  const { t } = useTranslation();
  const { device } = useDevicePanel();
  const call = useDeviceCaller();
  const templates = useQuery({
    queryKey: useDeviceKey('getHooksTemplates', sensor),
    queryFn: () => call(device.ip, 'getHooksTemplates', { sensor }),
  });
  const hooks = useQuery({
    queryKey: useDeviceKey('getHooks', sensor),
    queryFn: () => call(device.ip, 'getHooks', { sensor }),
  });
  useQueryErrorToast(templates.error, t('devices.hook.template.fetch.failed'));
  useQueryErrorToast(hooks.error, t('devices.hook.fetch.failed', { sensor }));
  const [draft, setDraft] = useState<HookFields | undefined>();
  const canWrite = useCanWrite();

  if (templates.data === undefined || hooks.data === undefined) {
    const busy = templates.isFetching || hooks.isFetching;
    return (
      <Center mih={80}>{busy ? <Loader role="status" aria-label={t('common.loading')} /> : null}</Center>
    );
  }
  const tpl = templates.data;
  const types = hookTypesOf(tpl);
  const list: HookFields[] = draft === undefined ? hooks.data : [draft, ...hooks.data];
  const onSaved = () => {
    setDraft(undefined);
    void hooks.refetch();
  };
  return (
    <Stack gap="sm">
      <Title order={4}>{t('devices.hooks.title', { sensor })}</Title>
      <ViewerNote />
      <Select
        disabled={!canWrite}
        label={t('devices.hooks.button.add')}
        placeholder={t('devices.hooks.button.add.placeholder')}
        data={types.map((type) => ({ value: type, label: humanizeHookType(type) }))}
        value={typeof draft?.type === 'string' ? draft.type : null}
        onChange={(type) =>
          setDraft(type === null ? undefined : newHookDraft(type, effectiveHookTemplate(tpl, type)))
        }
        clearable
        maw={320}
      />
      {list.length === 0 ? <Text c="dimmed">{t('devices.hooks.empty')}</Text> : null}
      {list.map((hook) => (
        <HookCard
          key={String(hook.id)}
          sensor={sensor}
          hook={hook}
          template={effectiveHookTemplate(tpl, String(hook.type))}
          initiallyExpanded={hook === draft || list.length === 1}
          onDiscardNew={() => setDraft(undefined)}
          onSaved={onSaved}
        />
      ))}
    </Stack>
  );
}

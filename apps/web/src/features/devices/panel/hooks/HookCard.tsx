import {
  canModifyHook,
  HookDraftSchema,
  type HookFields,
  type HookFieldValue,
  type HookTemplate,
  humanizeHookType,
  isNewHook,
  missingRequiredFields,
  semicolonUnsafeHookFields,
} from '@st/protocol';
import {
  IconChevronDown,
  IconChevronUp,
  IconDeviceFloppy,
  IconFlask,
  IconPencil,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../../app/ServicesContext';
import { Tooltip } from '../../../../ui/floating/Tooltip';
import { ActionIcon } from '../../../../ui/kit/buttons';
import { Group, Paper } from '../../../../ui/kit/layout';
import { Collapse } from '../../../../ui/kit/overlays';
import { Badge } from '../../../../ui/kit/status';
import { Text } from '../../../../ui/kit/text';
import { useConfirm } from '../../../../ui/useConfirm';
import { useCanWrite } from '../../../accounts/useCanWrite';
import { useDevicePanel } from '../DeviceContext';
import { HookBody } from './HookBody';
import { hookFieldLabel } from './HookField';
import { HookTestDialog } from './HookTestDialog';
import { hookSavePayload, hookTitle } from './hookPayload';
import { useHookActions } from './useHookActions';

export interface HookCardProps {
  sensor: string;
  hook: HookFields;
  template: HookTemplate;
  initiallyExpanded: boolean;
  onDiscardNew: () => void;
  onSaved: () => void;
}

/** One hook: view, edit (then save or cancel), delete with confirmation, test. Readonly hooks are locked. */
export function HookCard({
  sensor,
  hook,
  template,
  initiallyExpanded,
  onDiscardNew,
  onSaved,
}: HookCardProps) {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const confirm = useConfirm();
  const isNew = isNewHook(hook);
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const [editing, setEditing] = useState(isNew);
  const [draft, setDraft] = useState<HookFields>(hook);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [testing, setTesting] = useState(false);
  const canWrite = useCanWrite();
  const modifiable = canModifyHook(hook);
  const { device } = useDevicePanel();
  // Fields this device's library would lose or cut at its next restart (device-protocol.md §11.7).
  const unsafe = editing ? semicolonUnsafeHookFields(draft, device.stVersion) : [];
  const semicolonText = t('devices.hook.semicolon', {
    version: device.stVersion,
    fields: unsafe.map((f) => hookFieldLabel(f, t)).join(', '),
  });

  const hookKey = `hook:${sensor}:${String(hook.id)}`;
  const { save, remove } = useHookActions(sensor, hookKey, () => {
    setEditing(false);
    onSaved();
  });

  const onSave = () => {
    const missing = missingRequiredFields(draft, template);
    setInvalid(missing);
    if (missing.length > 0) {
      toaster.error({
        key: hookKey,
        caption: t('devices.hook.validation.error'),
        description: t('devices.hook.validation.error.desc', {
          fields: missing.map((f) => hookFieldLabel(f, t)).join(', '),
        }),
      });
      return;
    }
    if (unsafe.length > 0) {
      setInvalid(unsafe);
      toaster.error({
        key: hookKey,
        caption: t('devices.hook.validation.error'),
        description: semicolonText,
      });
      return;
    }
    const parsed = HookDraftSchema.safeParse(hookSavePayload(draft));
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.')))];
      setInvalid(fields);
      toaster.error({
        key: hookKey,
        caption: t('devices.hook.validation.error'),
        description: t('devices.hook.validation.error.types', {
          fields: fields.map((f) => hookFieldLabel(f, t)).join(', '),
        }),
      });
      return;
    }
    save.mutate(parsed.data);
  };
  const onCancel = () => {
    setInvalid([]);
    if (isNew) onDiscardNew();
    setDraft(hook);
    setEditing(false);
  };
  const onDelete = async () => {
    if (await confirm({ message: t('devices.hook.delete.confirm', { id: String(hook.id) }) }))
      remove.mutate(String(hook.id));
  };
  const change = (name: string, value: HookFieldValue) => setDraft((d) => ({ ...d, [name]: value }));
  const title = hookTitle(hook, humanizeHookType(String(hook.type)));
  // A viewer (cloud mode) may look but not change: edit, delete and test are disabled.
  const icon = (label: string, onClick: () => void, node: ReactNode, color?: string, write = true) => (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        onClick={onClick}
        aria-label={label}
        disabled={write && !canWrite}
      >
        {node}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Paper withBorder p="xs" data-hook-id={String(hook.id)} aria-label={title} component="article">
      <Group justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          {icon(
            expanded ? t('devices.hook.collapse') : t('devices.hook.expand'),
            () => setExpanded((e) => !e),
            expanded ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />,
            undefined,
            false,
          )}
          <Text fw={600}>{title}</Text>
        </Group>
        {!modifiable ? (
          <Badge variant="light" color="gray">
            {t('devices.hook.readonly')}
          </Badge>
        ) : editing ? (
          <Group gap={2}>
            {icon(t('devices.hook.save'), onSave, <IconDeviceFloppy size={18} aria-hidden />)}
            {icon(t('devices.hook.cancel'), onCancel, <IconX size={18} aria-hidden />)}
          </Group>
        ) : (
          <Group gap={2}>
            {icon(
              t('devices.hook.edit'),
              () => {
                setEditing(true);
                setExpanded(true);
              },
              <IconPencil size={18} aria-hidden />,
            )}
            {icon(
              t('devices.hook.delete'),
              () => void onDelete(),
              <IconTrash size={18} aria-hidden />,
              'red',
            )}
            {icon(t('devices.hook.test.it'), () => setTesting(true), <IconFlask size={18} aria-hidden />)}
          </Group>
        )}
      </Group>
      <Collapse expanded={expanded}>
        <HookBody
          hook={editing ? draft : hook}
          template={template}
          editing={editing}
          invalid={invalid}
          onChange={change}
        />
        {unsafe.length > 0 ? (
          <Text size="sm" c="red" role="alert" data-testid="hook-semicolon">
            {semicolonText}
          </Text>
        ) : null}
      </Collapse>
      {testing ? (
        <HookTestDialog sensor={sensor} id={String(hook.id)} onClose={() => setTesting(false)} />
      ) : null}
    </Paper>
  );
}

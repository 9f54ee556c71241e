import {
  type HookFields,
  type HookFieldValue,
  type HookTemplate,
  hookGenericFields,
  isHookFieldEditable,
} from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../../ui/kit/choices';
import { TextInput } from '../../../../ui/kit/inputs';
import { SimpleGrid, Stack } from '../../../../ui/kit/layout';
import { HookField } from './HookField';

export interface HookBodyProps {
  hook: HookFields;
  template: HookTemplate;
  editing: boolean;
  invalid: readonly string[];
  onChange: (name: string, value: HookFieldValue) => void;
}

/** The hook's fields: type, the trigger (its fields only when enabled), then the type's own fields. */
export function HookBody({ hook, template, editing, invalid, onChange }: HookBodyProps) {
  const { t } = useTranslation();
  const field = (name: string) => (
    <HookField
      key={name}
      name={name}
      value={hook[name]}
      field={template[name]}
      editable={isHookFieldEditable(name, template, editing)}
      invalid={invalid.includes(name)}
      onChange={(value) => onChange(name, value)}
    />
  );
  return (
    <Stack gap="xs" pt="xs">
      <TextInput label={t('devices.hook.field.type')} value={String(hook.type)} readOnly variant="filled" />
      <Checkbox
        label={t('devices.hook.trigger.enabled')}
        checked={hook.triggerEnabled === true}
        disabled={!editing}
        onChange={(e) => onChange('triggerEnabled', e.currentTarget.checked)}
      />
      {hook.triggerEnabled === true ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {field('trigger')}
          {field('compareType')}
          {Object.hasOwn(hook, 'threshold') ? field('threshold') : null}
        </SimpleGrid>
      ) : null}
      {hookGenericFields(hook).map(field)}
    </Stack>
  );
}

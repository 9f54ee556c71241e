import { convertHookFieldValue, type HookFieldTemplate, type HookFieldValue } from '@st/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../../i18n/en';
import { Checkbox } from '../../../../ui/kit/choices';
import { TextInput } from '../../../../ui/kit/inputs';
import { Select } from '../../../../ui/Select';

export interface HookFieldProps {
  name: string;
  value: unknown;
  /** The template's descriptor; undefined for a property the template does not know (shown, never editable). */
  field: HookFieldTemplate | undefined;
  editable: boolean;
  invalid: boolean;
  onChange: (value: HookFieldValue) => void;
}

const LABELS = new Map<string, MessageKey>([
  ['type', 'devices.hook.field.type'],
  ['action', 'devices.hook.field.action'],
  ['compareType', 'devices.hook.field.compareType'],
  ['trigger', 'devices.hook.field.trigger'],
  ['threshold', 'devices.hook.field.threshold'],
  ['method', 'devices.hook.field.method'],
  ['payload', 'devices.hook.field.payload'],
  ['url', 'devices.hook.field.url'],
  ['message', 'devices.hook.field.message'],
  ['notificationType', 'devices.hook.field.notificationType'],
  ['lastResponseCode', 'devices.hook.field.lastResponseCode'],
]);

/** A hook field's label as the form shows it (unknown fields keep their name). */
export function hookFieldLabel(name: string, t: (key: MessageKey) => string): string {
  const labelKey = LABELS.get(name);
  return labelKey === undefined ? name : t(labelKey);
}

function optionsOf(values: HookFieldTemplate['values']): { value: string; label: string }[] {
  if (values === undefined) return [];
  if (Array.isArray(values)) return values.map((v) => ({ value: v, label: v }));
  return Object.entries(values).map(([value, label]) => ({ value, label }));
}

const text = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

/** One hook property: a choice when the template lists values, a checkbox, or a text/number input. */
export function HookField({ name, value, field, editable, invalid, onChange }: HookFieldProps) {
  const { t } = useTranslation();
  const label = hookFieldLabel(name, t);
  const error = invalid ? t('field.required') : undefined;
  const convert = (raw: unknown) => onChange(convertHookFieldValue(field?.type, raw));
  if (field?.values !== undefined) {
    return (
      <Select
        label={label}
        data={optionsOf(field.values)}
        value={text(value) === '' ? null : text(value)}
        onChange={(v) => convert(v ?? '')}
        clearable={field.required !== true}
        disabled={!editable}
        error={error}
      />
    );
  }
  if (field?.type === 'checkbox') {
    return (
      <Checkbox
        label={label}
        checked={value === true}
        onChange={(e) => convert(e.currentTarget.checked)}
        disabled={!editable}
      />
    );
  }
  return (
    <TypedInput
      label={label}
      fieldType={field?.type}
      value={value}
      onChange={onChange}
      disabled={!editable}
      error={error}
    />
  );
}

interface TypedInputProps {
  label: string;
  fieldType: string | undefined;
  value: unknown;
  onChange: (value: HookFieldValue) => void;
  disabled: boolean;
  error: string | undefined;
}

/** Keeps what the user typed (e.g. a lone "-") while the hook holds the converted value. */
function TypedInput({ label, fieldType, value, onChange, disabled, error }: TypedInputProps) {
  const [raw, setRaw] = useState(text(value));
  useEffect(() => {
    setRaw((typed) => (convertHookFieldValue(fieldType, typed) === value ? typed : text(value)));
  }, [value, fieldType]);
  return (
    <TextInput
      label={label}
      inputMode={fieldType === 'number' ? 'numeric' : undefined}
      value={raw}
      onChange={(e) => {
        setRaw(e.currentTarget.value);
        onChange(convertHookFieldValue(fieldType, e.currentTarget.value));
      }}
      disabled={disabled}
      error={error}
    />
  );
}

import { IconSelector } from '@tabler/icons-react';
import { NativeSelect, type NativeSelectProps } from './kit/NativeSelect';
import { chosenValue, type SelectData, selectItems, shownValue } from './selectItems';

export type { SelectData, SelectItem } from './selectItems';

export interface SelectProps
  extends Omit<
    NativeSelectProps,
    'data' | 'value' | 'defaultValue' | 'onChange' | 'children' | 'placeholder'
  > {
  /** The choices: strings (value and text alike) or `{ value, label, disabled? }`. */
  data: SelectData;
  /** The chosen value (controlled); null for none. */
  value?: string | null;
  /** The value chosen at first (uncontrolled, when `value` is not given). */
  defaultValue?: string | null;
  /** The value chosen; null when the empty option is chosen (only a clearable select offers it). */
  onChange?: (value: string | null) => void;
  /** The text of the empty first option, shown while there is no value. */
  placeholder?: string;
  /** Whether the empty option can be chosen again, to clear the value (Mantine's clearable or allowDeselect). */
  clearable?: boolean;
}

/** Mantine's chevron sizes per input size (Combobox.css, which the console does not load for this). */
const CHEVRON_PX: Record<string, number> = { xs: 14, sm: 18, md: 20, lg: 24, xl: 28 };

/**
 * A choice among a list, with Mantine Select's props, as a real `<select>` (Mantine's NativeSelect): no
 * dropdown of our own, so no Popover and no floating-ui (issue 21), and the browser's own keyboard search.
 * With no value it shows `placeholder` as an empty first option, which only a `clearable` select lists.
 */
export function Select({
  data,
  value,
  defaultValue,
  onChange,
  placeholder,
  clearable = false,
  size = 'sm',
  rightSection,
  ...others
}: SelectProps) {
  const items = selectItems(data);
  const chosen =
    value === undefined
      ? { defaultValue: shownValue(items, defaultValue) }
      : { value: shownValue(items, value) };
  return (
    <NativeSelect
      {...others}
      {...chosen}
      size={size}
      onChange={(event) => onChange?.(chosenValue(event.currentTarget.value))}
      rightSection={rightSection ?? <IconSelector size={CHEVRON_PX[size] ?? CHEVRON_PX.sm} aria-hidden />}
    >
      <option value="" disabled={!clearable} hidden={!clearable}>
        {placeholder ?? ''}
      </option>
      {items.map((item) => (
        <option key={item.value} value={item.value} disabled={item.disabled}>
          {item.label}
        </option>
      ))}
    </NativeSelect>
  );
}

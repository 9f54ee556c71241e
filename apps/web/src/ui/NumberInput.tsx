import { TextInput, type TextInputProps } from './kit/inputs';
import { fromInput, type NumberRules, type NumberValue, settle } from './numberValue';

export interface NumberInputProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'step'>,
    NumberRules {
  value: number | string;
  onChange: (value: NumberValue | number | string) => void;
}

/**
 * A number field with Mantine NumberInput's props, as the browser's own number input (issue 21: NumberInput
 * brought react-number-format, 9.2 KiB gzip, to the settings, alerts and device screens). The value is a
 * number, or '' while the field is empty; leaving the field keeps it within min and max and rounds it as
 * allowDecimal / decimalScale say, as NumberInput does.
 */
export function NumberInput({
  value,
  onChange,
  min,
  max,
  allowDecimal = true,
  decimalScale,
  onBlur,
  ...others
}: NumberInputProps) {
  const rules = { min, max, allowDecimal, decimalScale };
  // (a fractional step would be counted from min, which can refuse round values: 'any', and settle() rounds)
  const step = allowDecimal ? 'any' : 1;
  return (
    <TextInput
      {...others}
      type="number"
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(event) => onChange(fromInput(event.currentTarget.valueAsNumber))}
      onBlur={(event) => {
        const settled = settle(value, rules);
        if (settled !== value) onChange(settled);
        onBlur?.(event);
      }}
    />
  );
}

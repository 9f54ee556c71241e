// NativeSelect of the house UI kit (issue 21): the browser's own `<select>` as a field, built on inputs.tsx's
// field layout (its CSS comes with it), apart from it so that the start-up chunk carries neither it nor its
// CSS (nativeSelect.css). ui/Select.tsx is what the screens use.
import './nativeSelect.css';
import type { Ref, SelectHTMLAttributes } from 'react';
import { Field, fieldAria, type InputFieldProps, splitField, useFieldId } from './inputs';

/** One choice of a NativeSelect's `data`. */
export interface NativeSelectItem {
  value: string;
  label: string;
  disabled?: boolean | undefined;
}

export interface NativeSelectProps
  extends InputFieldProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof InputFieldProps> {
  /** The options: strings (value and text alike) or items; or give `<option>` children instead. */
  data?: ReadonlyArray<string | NativeSelectItem> | undefined;
  ref?: Ref<HTMLSelectElement> | undefined;
}

const chevron = (
  <svg className="st-NativeSelect-chevron" viewBox="0 0 15 15" aria-hidden="true">
    <path d="M4 6l3.5 3.5L11 6" fill="none" stroke="currentColor" strokeWidth="1.5" />
  </svg>
);

/** The browser's own `<select>`, styled as a field (Mantine's NativeSelect). */
export function NativeSelect(props: NativeSelectProps) {
  const { layout, control } = splitField(props);
  const { ref, id: given, data, children, ...select } = control;
  const id = useFieldId(given);
  return (
    <Field
      kind="NativeSelect"
      id={id}
      layout={{ ...layout, rightSection: layout.rightSection ?? chevron }}
      disabled={select.disabled}
      required={select.required}
      pointer
    >
      <select
        {...select}
        {...fieldAria(id, layout.description, layout.error, select)}
        ref={ref}
        id={id}
        className="st-Input-input"
        style={layout.styles?.input}
      >
        {data
          ? data.map((entry) => {
              const item = typeof entry === 'string' ? { value: entry, label: entry } : entry;
              return (
                <option key={item.value} value={item.value} disabled={item.disabled}>
                  {item.label}
                </option>
              );
            })
          : children}
      </select>
    </Field>
  );
}

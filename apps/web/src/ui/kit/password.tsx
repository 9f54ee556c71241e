// The password field of the house UI kit (Mantine's PasswordInput), apart from inputs.tsx (issue 21): the
// sign-in forms and the password dialogs show it, a device list does not.
import './sectionButtons.css';
import { type ButtonHTMLAttributes, useState } from 'react';
import { cx } from './Box';
import { Field, fieldAria, splitField, type TextInputProps, useFieldId } from './inputs';

export interface PasswordInputProps extends Omit<TextInputProps, 'type'> {
  /** Props of the show / hide button; its `aria-label` names it (else `toggleLabels`). */
  visibilityToggleButtonProps?: ButtonHTMLAttributes<HTMLButtonElement> | undefined;
  /** The button's names while the password is hidden / shown, when `visibilityToggleButtonProps` gives none. */
  toggleLabels?: { show: string; hide: string } | undefined;
  visible?: boolean | undefined;
  defaultVisible?: boolean | undefined;
  onVisibilityChange?: ((visible: boolean) => void) | undefined;
}

const TOGGLE_LABELS = { show: 'Show password', hide: 'Hide password' };

/** A password field with a button that shows or hides what was typed (Mantine's PasswordInput). */
export function PasswordInput(props: PasswordInputProps) {
  const { layout, control } = splitField(props);
  const {
    ref,
    id: given,
    visibilityToggleButtonProps: button,
    toggleLabels = TOGGLE_LABELS,
    visible,
    defaultVisible = false,
    onVisibilityChange,
    ...input
  } = control;
  const id = useFieldId(given);
  const [own, setOwn] = useState(defaultVisible);
  const shown = visible ?? own;
  const named = button?.['aria-label'];
  const toggle = (
    <button
      type="button"
      {...button}
      className={cx('st-PasswordInput-visibilityToggle', button?.className)}
      aria-label={named ?? (shown ? toggleLabels.hide : toggleLabels.show)}
      aria-pressed={named === undefined ? undefined : shown}
      aria-controls={id}
      disabled={input.disabled || button?.disabled}
      onClick={(event) => {
        button?.onClick?.(event);
        setOwn(!shown);
        onVisibilityChange?.(!shown);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
        {shown ? <path d="M3 3l18 18" /> : null}
      </svg>
    </button>
  );
  return (
    <Field
      kind="PasswordInput"
      id={id}
      layout={{ ...layout, rightSection: layout.rightSection ?? toggle }}
      disabled={input.disabled}
      required={input.required}
    >
      <input
        {...input}
        {...fieldAria(id, layout.description, layout.error, input)}
        ref={ref}
        id={id}
        type={shown ? 'text' : 'password'}
        className="st-Input-input"
        style={layout.styles?.input}
      />
    </Field>
  );
}

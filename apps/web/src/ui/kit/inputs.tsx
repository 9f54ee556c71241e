// Text fields of the house UI kit (issue 21): the label / description / input / error layout Mantine's
// Input.Wrapper gave, and the fields built on it the sign-in uses (TextInput, PasswordInput); the ones only
// later screens use are built on the same helpers in modules of their own (Textarea and FileInput:
// textFields.tsx, NativeSelect: NativeSelect.tsx), so the start-up chunk carries none of them.
// Style props (m, w, maw...), className and style go to the root; every other prop goes to the control itself
// (aria-*, data-autofocus, onBlur, maxLength...), as with Mantine.
import './inputs.css';
import {
  type CSSProperties,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefCallback,
  useId,
} from 'react';
import { cx, type KitSize, type StyleProps, splitStyle } from './Box';

export type InputVariant = 'default' | 'filled' | 'unstyled';
/** Inline styles for the parts of a field (Mantine's `styles` prop, as plain objects). */
export type InputStyles = Partial<
  Record<'root' | 'label' | 'description' | 'error' | 'wrapper' | 'input' | 'section', CSSProperties>
>;

/** Sets every given ref to the node: a forwarded ref beside the component's own. */
export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/** Whether an `error` is set: a message, or `true` for the invalid look without one. */
export function isInvalid(error: ReactNode): boolean {
  return error !== undefined && error !== null && error !== false && error !== '';
}

/** Whether an `error` has a message to show (not just `true`). */
export function hasMessage(error: ReactNode): boolean {
  return isInvalid(error) && typeof error !== 'boolean';
}

/** The ARIA a control gets from its field: invalid while there is an error, described by its texts. */
export function fieldAria(
  id: string,
  description: ReactNode,
  error: ReactNode,
  given: { 'aria-describedby'?: string | undefined; 'aria-invalid'?: unknown },
) {
  return {
    'aria-invalid': (given['aria-invalid'] as boolean | undefined) ?? (isInvalid(error) || undefined),
    'aria-describedby': cx(
      given['aria-describedby'],
      description ? `${id}-description` : undefined,
      hasMessage(error) && `${id}-error`,
    ),
  };
}

export interface InputWrapperProps
  extends StyleProps,
    Omit<HTMLAttributes<HTMLDivElement>, 'style' | 'className' | 'color' | 'id'> {
  label?: ReactNode;
  description?: ReactNode;
  /** A message shown under the field; `true` marks the field invalid without one. */
  error?: ReactNode;
  /** Shows the asterisk (the control itself gets `required` from its own props). */
  required?: boolean | undefined;
  withAsterisk?: boolean | undefined;
  /** The id of the control the label names; the description and error ids are made from it. */
  id?: string | undefined;
  size?: KitSize | undefined;
  /** 'div' for a group of controls, which a `<label>` cannot name. */
  labelElement?: 'label' | 'div';
  className?: string | undefined;
  style?: CSSProperties | undefined;
  styles?: InputStyles | undefined;
}

/** A field's layout: label (with the required asterisk), description, the control, error. */
export function InputWrapper(props: InputWrapperProps) {
  const { style, className, rest } = splitStyle(props);
  const {
    label,
    description,
    error,
    required,
    withAsterisk,
    id,
    size = 'sm',
    labelElement = 'label',
    styles,
    children,
    ...others
  } = rest;
  const text = (
    <>
      {label}
      {required || withAsterisk ? (
        <span className="st-InputWrapper-required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </>
  );
  return (
    <div
      {...others}
      className={cx('st-InputWrapper-root', className)}
      style={styles?.root ? { ...styles.root, ...style } : style}
      data-size={size}
    >
      {!label ? null : labelElement === 'label' ? (
        <label className="st-InputWrapper-label" id={id && `${id}-label`} htmlFor={id} style={styles?.label}>
          {text}
        </label>
      ) : (
        <div className="st-InputWrapper-label" id={id && `${id}-label`} style={styles?.label}>
          {text}
        </div>
      )}
      {description ? (
        <div
          className="st-InputWrapper-description"
          id={id && `${id}-description`}
          style={styles?.description}
        >
          {description}
        </div>
      ) : null}
      {children}
      {hasMessage(error) ? (
        <div className="st-InputWrapper-error" id={id && `${id}-error`} style={styles?.error}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The props every field takes besides its control's own. */
export interface InputFieldProps extends StyleProps {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean | undefined;
  /** Height and type size: xs 30, sm 36 (default), md 42, lg 50, xl 60 px. */
  size?: KitSize | undefined;
  variant?: InputVariant | undefined;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  className?: string | undefined;
  style?: CSSProperties | undefined;
  styles?: InputStyles | undefined;
}

type FieldLayout = Pick<
  InputFieldProps,
  | 'label'
  | 'description'
  | 'error'
  | 'withAsterisk'
  | 'size'
  | 'variant'
  | 'leftSection'
  | 'rightSection'
  | 'className'
  | 'style'
  | 'styles'
>;
const LAYOUT_KEYS = new Set([
  'label',
  'description',
  'error',
  'withAsterisk',
  'size',
  'variant',
  'leftSection',
  'rightSection',
  'styles',
]);

/** Splits a field's props: what its layout shows, and what goes to the control. */
export function splitField<P extends InputFieldProps>(props: P) {
  const { style, className, rest } = splitStyle(props);
  const layout: Record<string, unknown> = { style, className };
  const control: Record<string, unknown> = {};
  for (const key in rest)
    (LAYOUT_KEYS.has(key) ? layout : control)[key] = (rest as Record<string, unknown>)[key];
  return { layout: layout as FieldLayout, control: control as Omit<P, keyof InputFieldProps> };
}

interface FieldProps {
  kind: string;
  id: string;
  layout: FieldLayout;
  disabled?: boolean | undefined;
  required?: boolean | undefined;
  pointer?: boolean;
  multiline?: boolean;
  children: ReactNode;
}

/** A field: the wrapper's layout around the control and its sections. */
export function Field({ kind, id, layout, disabled, required, pointer, multiline, children }: FieldProps) {
  const { leftSection, rightSection, styles, variant = 'default', className, ...wrapper } = layout;
  const section = (position: 'left' | 'right', content: ReactNode) =>
    content ? (
      <span className="st-Input-section" data-position={position} style={styles?.section}>
        {content}
      </span>
    ) : null;
  return (
    <InputWrapper
      {...wrapper}
      className={cx(`st-${kind}-root`, className)}
      styles={styles}
      id={id}
      required={required}
    >
      <div
        className="st-Input-wrapper"
        style={styles?.wrapper}
        data-variant={variant}
        data-error={isInvalid(layout.error) || undefined}
        data-disabled={disabled || undefined}
        data-pointer={pointer || undefined}
        data-multiline={multiline || undefined}
        data-with-left-section={leftSection ? true : undefined}
        data-with-right-section={rightSection ? true : undefined}
      >
        {section('left', leftSection)}
        {children}
        {section('right', rightSection)}
      </div>
    </InputWrapper>
  );
}

/** The control's id: its own, or one made for it, which the label and texts refer to. */
export function useFieldId(given: string | undefined): string {
  const made = useId();
  return given ?? made;
}

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, keyof InputFieldProps | 'children'>;

export interface TextInputProps extends InputFieldProps, NativeInputProps {
  ref?: Ref<HTMLInputElement> | undefined;
}

/** A one-line text field (Mantine's TextInput); `onChange` gets the input's change event. */
export function TextInput(props: TextInputProps) {
  const { layout, control } = splitField(props);
  const { ref, id: given, ...input } = control;
  const id = useFieldId(given);
  return (
    <Field kind="TextInput" id={id} layout={layout} disabled={input.disabled} required={input.required}>
      <input
        {...input}
        {...fieldAria(id, layout.description, layout.error, input)}
        ref={ref}
        id={id}
        className="st-Input-input"
        style={layout.styles?.input}
      />
    </Field>
  );
}

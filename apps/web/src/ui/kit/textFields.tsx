// Textarea and FileInput of the house UI kit (issue 21), fields only later screens and dialogs use: built on
// inputs.tsx's field layout (its CSS comes with it), apart from it so that the start-up chunk, which carries
// the sign-in's TextInput and PasswordInput, carries neither them nor their CSS (textFields.css).
import './sectionButtons.css';
import './textFields.css';
import {
  type ButtonHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cx } from './Box';
import { Field, fieldAria, type InputFieldProps, mergeRefs, splitField, useFieldId } from './inputs';

export interface TextareaProps
  extends InputFieldProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof InputFieldProps | 'children'> {
  /** Grows with its content, from `minRows` up to `maxRows` (then it scrolls). */
  autosize?: boolean | undefined;
  minRows?: number | undefined;
  maxRows?: number | undefined;
  ref?: Ref<HTMLTextAreaElement> | undefined;
}

/** Sets a textarea's rows to what its content needs, within min and max. */
function fitRows(area: HTMLTextAreaElement, minRows: number, maxRows: number | undefined) {
  const css = getComputedStyle(area);
  const fontSize = Number.parseFloat(css.fontSize) || 16;
  const line = css.lineHeight.endsWith('px')
    ? Number.parseFloat(css.lineHeight)
    : (Number.parseFloat(css.lineHeight) || 1.2) * fontSize;
  const padding = Number.parseFloat(css.paddingTop) + Number.parseFloat(css.paddingBottom);
  area.rows = minRows;
  const needed = Math.round((area.scrollHeight - padding) / line);
  const rows = Math.max(minRows, maxRows === undefined ? needed : Math.min(maxRows, needed));
  area.rows = rows;
  area.style.overflowY = rows < needed ? 'auto' : 'hidden';
}

/** A multi-line text field (Mantine's Textarea), growing with its content when `autosize`. */
export function Textarea(props: TextareaProps) {
  const { layout, control } = splitField(props);
  const { ref, id: given, autosize = false, minRows, maxRows, rows, onInput, ...textarea } = control;
  const id = useFieldId(given);
  const own = useRef<HTMLTextAreaElement>(null);
  const low = minRows ?? 1;
  // (after every render: a value set from outside, like one typed, can change the rows needed)
  useLayoutEffect(() => {
    if (autosize && own.current) fitRows(own.current, low, maxRows);
  });
  return (
    <Field
      kind="Textarea"
      id={id}
      layout={layout}
      disabled={textarea.disabled}
      required={textarea.required}
      multiline
    >
      <textarea
        {...textarea}
        {...fieldAria(id, layout.description, layout.error, textarea)}
        ref={mergeRefs(ref, own)}
        id={id}
        rows={autosize ? low : (rows ?? minRows)}
        className="st-Input-input"
        style={layout.styles?.input}
        data-autosize={autosize || undefined}
        onInput={(event) => {
          onInput?.(event);
          if (autosize) fitRows(event.currentTarget, low, maxRows);
        }}
      />
    </Field>
  );
}

export interface FileInputProps
  extends InputFieldProps,
    Omit<
      ButtonHTMLAttributes<HTMLButtonElement>,
      keyof InputFieldProps | 'value' | 'defaultValue' | 'onChange' | 'type' | 'children' | 'placeholder'
    > {
  /** The chosen file (controlled); null for none. */
  value?: File | null | undefined;
  defaultValue?: File | null | undefined;
  onChange?: ((file: File | null) => void) | undefined;
  /** What files the browser's picker offers (`.bin,application/octet-stream`). */
  accept?: string | undefined;
  placeholder?: ReactNode;
  /** Shows a button that clears the chosen file. */
  clearable?: boolean | undefined;
  clearButtonProps?: ButtonHTMLAttributes<HTMLButtonElement> | undefined;
  required?: boolean | undefined;
  readOnly?: boolean | undefined;
  ref?: Ref<HTMLButtonElement> | undefined;
}

/** A file picker as a field (Mantine's FileInput): a button showing the file's name, a hidden file input. */
export function FileInput(props: FileInputProps) {
  const { layout, control } = splitField(props);
  const {
    ref,
    id: given,
    value,
    defaultValue = null,
    onChange,
    accept,
    name,
    placeholder,
    clearable = false,
    clearButtonProps,
    required,
    readOnly,
    onClick,
    ...button
  } = control;
  const id = useFieldId(given);
  const picker = useRef<HTMLInputElement>(null);
  const [own, setOwn] = useState<File | null>(defaultValue);
  const file = value === undefined ? own : value;
  const choose = (next: File | null) => {
    setOwn(next);
    onChange?.(next);
  };
  const clear =
    clearable && file !== null && !button.disabled && !readOnly ? (
      <button
        type="button"
        aria-label="Clear"
        {...clearButtonProps}
        className={cx('st-FileInput-clear', clearButtonProps?.className)}
        onClick={() => choose(null)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    ) : null;
  return (
    <Field
      kind="FileInput"
      id={id}
      layout={{ ...layout, rightSection: clear ?? layout.rightSection }}
      disabled={button.disabled}
      required={required}
      pointer
    >
      <button
        {...button}
        {...fieldAria(id, layout.description, layout.error, button)}
        ref={ref}
        id={id}
        type="button"
        className="st-Input-input"
        style={layout.styles?.input}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented || readOnly || !picker.current) return;
          // (emptied first, so that choosing the same file again is a change too)
          picker.current.value = '';
          picker.current.click();
        }}
      >
        {file ? (
          <span className="st-FileInput-value">{file.name}</span>
        ) : (
          <span className="st-Input-placeholder">{placeholder}</span>
        )}
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        tabIndex={-1}
        accept={accept}
        name={name}
        disabled={button.disabled}
        onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
      />
    </Field>
  );
}

// Checkbox (and Checkbox.Group) of the house UI kit (issue 21): a native input styled by choices.css, so the
// browser keeps its keyboard, its forms and its accessibility. Style props, className and style go to the
// root; every other prop to the input. Switch and SegmentedControl, which only later screens use, are in
// toggles.tsx (the Switch built on the layout here).
import './choices.css';
import {
  type CSSProperties,
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  use,
  useId,
  useState,
} from 'react';
import { cx, type KitColor, type KitSize, type StyleProps, splitStyle } from './Box';
import { fieldAria, hasMessage, InputWrapper, type InputWrapperProps, mergeRefs } from './inputs';

/** A kit colour's filled tone ('red' -> var(--st-red-filled)), a shade ('red.6') or any CSS colour. */
function filledColor(color: KitColor): string {
  const dot = color.indexOf('.');
  if (dot > 0) return `var(--st-${color.slice(0, dot)}-${color.slice(dot + 1)})`;
  return /^[a-z]+$/.test(color) && color !== 'white' && color !== 'black' && color !== 'transparent'
    ? `var(--st-${color}-filled)`
    : color;
}

export interface InlineChoiceProps
  extends StyleProps,
    Omit<
      InputHTMLAttributes<HTMLInputElement>,
      'size' | 'type' | 'style' | 'className' | 'color' | 'children'
    > {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** Box and label size: xs 16, sm 20 (default), md 24, lg 30, xl 36 px high. */
  size?: KitSize | undefined;
  /** The colour when on: a kit colour name ('red') or any CSS colour; the primary colour by default. */
  color?: KitColor | undefined;
  className?: string | undefined;
  style?: CSSProperties | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
}

/** The shared layout of a checkbox and a switch: the control, then its label, description and error. */
export function useInlineChoice(kind: string, props: InlineChoiceProps) {
  const { style, className, rest } = splitStyle(props);
  const { label, description, error, size = 'sm', color, id: given, ...input } = rest;
  const made = useId();
  const id = given ?? made;
  const aria = fieldAria(id, description, error, input);
  const wrap = (control: ReactNode) => (
    <div
      className={cx(`st-${kind}-root`, className)}
      style={color ? ({ '--choice-color': filledColor(color), ...style } as CSSProperties) : style}
      data-size={size}
      data-disabled={input.disabled || undefined}
    >
      <div className="st-InlineInput-body">
        {control}
        {label || description || hasMessage(error) ? (
          <div className="st-InlineInput-labelWrapper">
            {label ? (
              <label className={cx('st-InlineInput-label', `st-${kind}-label`)} htmlFor={id}>
                {label}
              </label>
            ) : null}
            {description ? (
              <div
                className={cx('st-InlineInput-description', `st-${kind}-description`)}
                id={`${id}-description`}
              >
                {description}
              </div>
            ) : null}
            {hasMessage(error) ? (
              <div className={cx('st-InlineInput-error', `st-${kind}-error`)} id={`${id}-error`}>
                {error}
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
  return { id, input, aria, wrap };
}

interface GroupContextValue {
  value: readonly string[];
  toggle: (value: string, checked: boolean) => void;
}
const CheckboxGroupContext = createContext<GroupContextValue | null>(null);

export interface CheckboxProps extends InlineChoiceProps {
  /** Shows a dash: some, not all, of what it stands for are checked (the input's `indeterminate`). */
  indeterminate?: boolean | undefined;
}

/** A checkbox with its label (Mantine's Checkbox); inside a Checkbox.Group, its `value` joins the group's. */
export function Checkbox(props: CheckboxProps) {
  const { indeterminate = false, ...others } = props;
  const { id, input, aria, wrap } = useInlineChoice('Checkbox', others);
  const { ref, checked, onChange, value, ...rest } = input;
  const group = use(CheckboxGroupContext);
  const member = group !== null && value !== undefined ? String(value) : undefined;
  return wrap(
    <span className="st-Checkbox-inner">
      <input
        {...rest}
        {...aria}
        ref={mergeRefs(ref, (box) => {
          if (box) box.indeterminate = indeterminate;
        })}
        id={id}
        type="checkbox"
        className="st-Checkbox-input"
        value={value}
        checked={member !== undefined ? group?.value.includes(member) : checked}
        data-indeterminate={indeterminate || undefined}
        onChange={(event) => {
          onChange?.(event);
          if (member !== undefined) group?.toggle(member, event.currentTarget.checked);
        }}
      />
      <svg className="st-Checkbox-icon" viewBox="0 0 10 8" aria-hidden="true">
        {indeterminate ? <path d="M1 4h8" /> : <path d="M1 4.2l2.7 2.6L9 1.2" />}
      </svg>
    </span>,
  );
}

export interface CheckboxGroupProps
  extends Omit<InputWrapperProps, 'onChange' | 'defaultValue' | 'labelElement'> {
  /** The values of the checked boxes (controlled). */
  value?: string[] | undefined;
  defaultValue?: string[] | undefined;
  onChange?: ((value: string[]) => void) | undefined;
}

/** Checkboxes choosing a list of values (Mantine's Checkbox.Group): a labelled group of the Checkboxes within. */
function CheckboxGroup({ value, defaultValue = [], onChange, children, ...others }: CheckboxGroupProps) {
  const id = useId();
  const { 'aria-describedby': describedBy } = fieldAria(id, others.description, others.error, others);
  const [own, setOwn] = useState<string[]>(defaultValue);
  const chosen = value ?? own;
  const toggle = (item: string, on: boolean) => {
    const next = on ? (chosen.includes(item) ? chosen : [...chosen, item]) : chosen.filter((v) => v !== item);
    setOwn(next);
    onChange?.(next);
  };
  return (
    <InputWrapper
      role="group"
      aria-labelledby={others.label ? `${id}-label` : undefined}
      {...others}
      aria-describedby={describedBy}
      id={id}
      labelElement="div"
      className={cx('st-CheckboxGroup-root', others.className)}
    >
      <CheckboxGroupContext value={{ value: chosen, toggle }}>{children}</CheckboxGroupContext>
    </InputWrapper>
  );
}
Checkbox.Group = CheckboxGroup;

// On/off and one-of-a-few choices of the house UI kit (issue 21): Checkbox (and Checkbox.Group), Switch and
// SegmentedControl, each a native input styled by choices.css, so the browser keeps its keyboard, its forms
// and its accessibility. Style props, className and style go to the root; every other prop to the input.
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
import { Box, type BoxProps, cx, type KitColor, type KitSize, type StyleProps, splitStyle } from './Box';
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
function useInlineChoice(kind: string, props: InlineChoiceProps) {
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

export type SwitchProps = InlineChoiceProps;

/** An on/off switch with its label (Mantine's Switch): a checkbox with the switch role. */
export function Switch(props: SwitchProps) {
  const { id, input, aria, wrap } = useInlineChoice('Switch', props);
  return wrap(
    <span className="st-Switch-control">
      <input
        {...input}
        {...aria}
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={input.checked}
        className="st-Switch-input"
      />
      <span className="st-Switch-track" aria-hidden="true">
        <span className="st-Switch-thumb" />
      </span>
    </span>,
  );
}

/** One choice of a SegmentedControl. */
export interface SegmentedControlItem {
  value: string;
  label: ReactNode;
  disabled?: boolean | undefined;
}

export interface SegmentedControlProps
  extends Omit<BoxProps, 'onChange' | 'defaultValue' | 'children' | 'component'> {
  /** The choices: strings (value and text alike) or items. */
  data: ReadonlyArray<string | SegmentedControlItem>;
  /** The chosen value (controlled); the first choice by default. */
  value?: string | undefined;
  defaultValue?: string | undefined;
  onChange?: ((value: string) => void) | undefined;
  size?: KitSize | undefined;
  disabled?: boolean | undefined;
  /** Takes the width of its container, its choices sharing it. */
  fullWidth?: boolean | undefined;
  /** The radios' name (one is made by default). */
  name?: string | undefined;
}

/**
 * One of a few choices side by side (Mantine's SegmentedControl): a radio group, each choice a radio with its
 * label, so the arrow keys move the choice as the browser does for radios. Name the group with `aria-label`.
 */
export function SegmentedControl({
  data,
  value,
  defaultValue,
  onChange,
  size = 'sm',
  disabled = false,
  fullWidth = false,
  name,
  className,
  ...others
}: SegmentedControlProps) {
  const made = useId();
  const group = name ?? made;
  const items = data.map((entry) => (typeof entry === 'string' ? { value: entry, label: entry } : entry));
  const [own, setOwn] = useState(defaultValue ?? items[0]?.value);
  const chosen = value ?? own;
  return (
    <Box
      {...others}
      role="radiogroup"
      className={cx('st-SegmentedControl-root', className)}
      data-size={size}
      data-full-width={fullWidth || undefined}
      data-disabled={disabled || undefined}
    >
      {items.map((item, index) => {
        const id = `${group}-${index}`;
        const active = item.value === chosen;
        const off = disabled || item.disabled === true;
        return (
          <div className="st-SegmentedControl-control" key={item.value}>
            <input
              className="st-SegmentedControl-input"
              type="radio"
              id={id}
              name={group}
              value={item.value}
              checked={active}
              disabled={off}
              onChange={() => {
                setOwn(item.value);
                onChange?.(item.value);
              }}
            />
            <label
              className="st-SegmentedControl-label"
              htmlFor={id}
              data-active={active || undefined}
              data-disabled={off || undefined}
            >
              {item.label}
            </label>
          </div>
        );
      })}
    </Box>
  );
}

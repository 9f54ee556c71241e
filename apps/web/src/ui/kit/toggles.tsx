// Switch and SegmentedControl of the house UI kit (issue 21), each a native input styled by toggles.css (the
// Switch on Checkbox's layout: choices.tsx, whose CSS comes with it), apart from Checkbox so that the screens
// that only check boxes carry neither them nor their CSS.
import './toggles.css';
import { type ReactNode, useId, useState } from 'react';
import { Box, type BoxProps, cx, type KitSize } from './Box';
import { type InlineChoiceProps, useInlineChoice } from './choices';

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

// Feedback parts of the house UI kit (issue 21): Loader and the paint every coloured part shares, with the props
// the console's screens used with Mantine (Badge, Alert, Indicator: status.tsx; Progress, ThemeIcon: progress.tsx).
// Colours reach the CSS as inline variables (--c-filled, --c-text...: colorVars) read by one shared "paint"
// rule set (feedback.css), so a variant is a data attribute.
import './feedback.css';
import type { CSSProperties } from 'react';
import { type BoxProps, cx, type KitColor, type KitSize, splitStyle } from './Box';

const KIT_COLORS = new Set(['blue', 'red', 'green', 'orange', 'yellow', 'gray']);
const CSS_WORDS = new Set(['white', 'black', 'transparent', 'inherit', 'currentcolor']);

/**
 * A `color` prop as the paint variables: a kit colour's semantic tokens (readable in both schemes), another
 * palette colour's shades ('teal'), a palette shade ('red.9') or any CSS colour (tinted for `light`).
 */
export function colorVars(color: KitColor | undefined): Record<string, string> | undefined {
  if (color === undefined) return undefined;
  if (KIT_COLORS.has(color)) {
    const token = (role: string) => `var(--st-${color}-${role})`;
    return {
      '--c-filled': token('filled'),
      '--c-filled-hover': token('filled-hover'),
      '--c-light': token('light'),
      '--c-light-hover': token('light-hover'),
      '--c-text': token('text'),
      '--c-border': token('border'),
    };
  }
  if (/^[a-z]+$/.test(color) && !CSS_WORDS.has(color)) {
    // (another palette colour: a dark shade carries white text, a light one reads on the dark scheme)
    const shade = (n: number) => `var(--st-${color}-${n})`;
    return {
      '--c-filled': shade(9),
      '--c-filled-hover': `color-mix(in srgb, ${shade(9)} 88%, #000)`,
      '--c-light': `color-mix(in srgb, ${shade(6)} 10%, transparent)`,
      '--c-light-hover': `color-mix(in srgb, ${shade(6)} 16%, transparent)`,
      '--c-text': `light-dark(${shade(9)}, ${shade(4)})`,
      '--c-border': shade(6),
    };
  }
  const c = /^[a-z]+\.\d$/.test(color) ? `var(--st-${color.replace('.', '-')})` : color;
  return {
    '--c-filled': c,
    '--c-filled-hover': c,
    '--c-light': `color-mix(in srgb, ${c} 12%, transparent)`,
    '--c-light-hover': `color-mix(in srgb, ${c} 18%, transparent)`,
    '--c-text': c,
    '--c-border': c,
  };
}

/** Inline CSS variables (the undefined ones left out) under a component's own style. */
export function withVars(
  values: Record<string, string | undefined> | undefined,
  style: CSSProperties | undefined,
): CSSProperties | undefined {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const key in values) {
    if (values[key] === undefined) continue;
    out[key] = values[key];
    any = true;
  }
  return any ? ({ ...out, ...style } as CSSProperties) : style;
}

/** A size as CSS: a step of `steps` in pixels, a number of pixels, or any CSS length. */
export function sized(value: KitSize | number | (string & {}) | undefined, steps: Record<KitSize, number>) {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return `${value}px`;
  const step = steps[value as KitSize];
  return step === undefined ? value : `${step}px`;
}

/** The X of the close buttons. */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 15 15" width="70%" height="70%" aria-hidden="true">
      <path d="M4 4l7 7M11 4l-7 7" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

const LOADER: Record<KitSize, number> = { xs: 18, sm: 22, md: 36, lg: 44, xl: 58 };

export interface LoaderProps extends Omit<BoxProps, 'color' | 'children'> {
  /** xs 18, sm 22, md 36 (default), lg 44, xl 58 px, a number of pixels or a CSS length. */
  size?: KitSize | number | (string & {});
  color?: KitColor;
}

/** A spinner (an "oval"): pass role="status" and an aria-label when it is the only sign of loading. */
export function Loader({ size, color, component: Component = 'span', ...props }: LoaderProps) {
  const { style, className, rest } = splitStyle(props);
  return (
    <Component
      {...rest}
      className={cx('st-Loader-root', className)}
      style={withVars(
        { ...colorVars(color), '--l-size': size === 'md' ? undefined : sized(size, LOADER) },
        style,
      )}
    />
  );
}

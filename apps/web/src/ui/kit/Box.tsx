// The house UI kit's foundation (issue 21): style props turned into an inline style, and Box, the element
// every kit component renders through. The props keep the names the console's screens were written with
// (m, p, w, c, fw...), so a screen reads the same; what they cost is a loop over a dozen keys per render,
// with no theme context, no generated class names and no CSS-in-JS.
import type { CSSProperties, ElementType, HTMLAttributes, ReactNode, Ref } from 'react';

export type KitSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
/** A spacing: one of the scale's steps, a number of pixels or any CSS length. */
export type Spacing = KitSize | number | (string & {});
/** A colour: a kit colour name ('red', 'dimmed'...), a palette shade ('blue.9') or any CSS colour. */
export type KitColor = string;
export type Breakpoint = 'xs' | 'sm';

export interface StyleProps {
  m?: Spacing;
  mt?: Spacing;
  mb?: Spacing;
  ml?: Spacing;
  mr?: Spacing;
  mx?: Spacing;
  my?: Spacing;
  p?: Spacing;
  pt?: Spacing;
  pb?: Spacing;
  pl?: Spacing;
  pr?: Spacing;
  px?: Spacing;
  py?: Spacing;
  w?: Spacing;
  h?: Spacing;
  maw?: Spacing;
  mah?: Spacing;
  miw?: Spacing;
  mih?: Spacing;
  c?: KitColor;
  bg?: KitColor;
  fw?: number;
  fz?: KitSize | number | (string & {});
  ta?: CSSProperties['textAlign'];
  ff?: 'monospace' | (string & {});
  lh?: number | string;
  display?: CSSProperties['display'];
  hiddenFrom?: Breakpoint;
  visibleFrom?: Breakpoint;
}

const STEPS = new Set(['xs', 'sm', 'md', 'lg', 'xl']);
const SPACING: Array<[keyof StyleProps, Array<keyof CSSProperties>]> = [
  ['m', ['margin']],
  ['mt', ['marginTop']],
  ['mb', ['marginBottom']],
  ['ml', ['marginLeft']],
  ['mr', ['marginRight']],
  ['mx', ['marginLeft', 'marginRight']],
  ['my', ['marginTop', 'marginBottom']],
  ['p', ['padding']],
  ['pt', ['paddingTop']],
  ['pb', ['paddingBottom']],
  ['pl', ['paddingLeft']],
  ['pr', ['paddingRight']],
  ['px', ['paddingLeft', 'paddingRight']],
  ['py', ['paddingTop', 'paddingBottom']],
];
const SIZES: Array<[keyof StyleProps, keyof CSSProperties]> = [
  ['w', 'width'],
  ['h', 'height'],
  ['maw', 'maxWidth'],
  ['mah', 'maxHeight'],
  ['miw', 'minWidth'],
  ['mih', 'minHeight'],
];
/** The names of every style prop, to split them from the rest. */
const STYLE_KEYS = new Set<string>([
  ...SPACING.map(([k]) => k),
  ...SIZES.map(([k]) => k),
  'c',
  'bg',
  'fw',
  'fz',
  'ta',
  'ff',
  'lh',
  'display',
  'hiddenFrom',
  'visibleFrom',
]);

/** A spacing step as its CSS variable; a number as pixels; anything else as given. */
export function space(value: Spacing): string {
  if (typeof value === 'number') return `${value}px`;
  return STEPS.has(value) ? `var(--st-sp-${value})` : value;
}

/** A size (w, h, maw...): a number is pixels, a string is CSS. */
function size(value: Spacing): string {
  return typeof value === 'number' ? `${value}px` : value;
}

/** A font size step as its CSS variable. */
export function fontSize(value: NonNullable<StyleProps['fz']>): string {
  if (typeof value === 'number') return `${value}px`;
  return STEPS.has(value) ? `var(--st-fz-${value})` : value;
}

/** A colour prop: 'dimmed', a kit colour's readable text tone, a palette shade ('red.9') or CSS. */
export function textColor(value: KitColor): string {
  if (value === 'dimmed') return 'var(--st-dimmed)';
  if (value === 'inherit' || value.startsWith('#') || value.startsWith('var(') || value.startsWith('rgb'))
    return value;
  const dot = value.indexOf('.');
  if (dot > 0) return `var(--st-${value.slice(0, dot)}-${value.slice(dot + 1)})`;
  if (value === 'white' || value === 'black') return value;
  return `var(--st-${value}-text)`;
}

/** A background colour prop: a palette shade, a kit colour's light tint, or CSS. */
function backgroundColor(value: KitColor): string {
  const dot = value.indexOf('.');
  if (dot > 0) return `var(--st-${value.slice(0, dot)}-${value.slice(dot + 1)})`;
  if (/^[a-z]+$/.test(value) && value !== 'transparent' && value !== 'white' && value !== 'black')
    return `var(--st-${value}-light)`;
  return value;
}

/** Splits the style props off a component's props: the inline style and the class they make, and the rest. */
export function splitStyle<
  P extends StyleProps & { style?: CSSProperties | undefined; className?: string | undefined },
>(
  props: P,
): { style: CSSProperties | undefined; className: string | undefined; rest: Omit<P, keyof StyleProps> } {
  let style: Record<string, unknown> | undefined;
  let classes = props.className;
  const rest: Record<string, unknown> = {};
  for (const key in props) {
    const value = (props as Record<string, unknown>)[key];
    if (!STYLE_KEYS.has(key)) {
      if (key !== 'style' && key !== 'className') rest[key] = value;
      continue;
    }
    if (value === undefined) continue;
    style ??= {};
    switch (key) {
      case 'c':
        style.color = textColor(value as string);
        break;
      case 'bg':
        style.background = backgroundColor(value as string);
        break;
      case 'fw':
        style.fontWeight = value;
        break;
      case 'fz':
        style.fontSize = fontSize(value as NonNullable<StyleProps['fz']>);
        break;
      case 'ta':
        style.textAlign = value;
        break;
      case 'ff':
        style.fontFamily = value === 'monospace' ? 'var(--st-mono)' : value;
        break;
      case 'lh':
        style.lineHeight = value;
        break;
      case 'display':
        style.display = value;
        break;
      case 'hiddenFrom':
        classes = classes ? `${classes} st-hidden-from-${value}` : `st-hidden-from-${value}`;
        break;
      case 'visibleFrom':
        classes = classes ? `${classes} st-visible-from-${value}` : `st-visible-from-${value}`;
        break;
      default: {
        const spacing = SPACING.find(([k]) => k === key);
        if (spacing) for (const css of spacing[1]) style[css] = space(value as Spacing);
        else {
          const sized = SIZES.find(([k]) => k === key);
          if (sized) style[sized[1]] = size(value as Spacing);
        }
      }
    }
  }
  const merged =
    style === undefined ? props.style : props.style === undefined ? style : { ...style, ...props.style };
  return {
    style: merged as CSSProperties | undefined,
    className: classes,
    rest: rest as Omit<P, keyof StyleProps>,
  };
}

/** Joins class names, skipping the empty ones. */
export function cx(...names: Array<string | false | null | undefined>): string | undefined {
  let out = '';
  for (const name of names) if (name) out = out ? `${out} ${name}` : name;
  return out || undefined;
}

type NativeProps = Omit<HTMLAttributes<HTMLElement>, 'color' | 'style' | 'className' | 'children'>;

/**
 * Props every kit component takes: the style props, a class, a style, the attributes of the element it renders
 * (aria-*, data-*, role, id, handlers...) and `component` to render as another element or component (a router
 * Link with its `to`, an anchor with its `href`).
 */
export interface BoxProps extends StyleProps, NativeProps {
  component?: ElementType | undefined;
  className?: string | undefined;
  style?: CSSProperties | undefined;
  children?: ReactNode;
  ref?: Ref<HTMLElement> | undefined;
  to?: string | undefined;
  href?: string | undefined;
  target?: string | undefined;
  rel?: string | undefined;
  download?: string | boolean | undefined;
}

/** The element every kit component renders: `component` (default div) with the style props applied. */
export function Box({ component: Component = 'div', ...props }: BoxProps) {
  const { style, className, rest } = splitStyle(props);
  return <Component {...rest} className={className} style={style} />;
}

// The kit's table (issue 21): Table with Table.Thead, Tbody, Tr, Th, Td and ScrollContainer, as the screens
// use Mantine's. The table's variants reach its rows and cells through CSS (a data attribute and inherited
// variables set on the table), not a context: a row or a cell is a plain element with a class.
import './table.css';
import type { CSSProperties, HTMLAttributes } from 'react';
import { type BoxProps, type Spacing, space, splitStyle } from './Box';

/** The element: its class, and the component's inline style under the style props' (and `style`, which win). */
function render(
  Component: NonNullable<BoxProps['component']>,
  { component, ...props }: BoxProps,
  base: string,
  own?: CSSProperties | undefined,
  data?: Record<string, string> | undefined,
) {
  const { style, className, rest } = splitStyle(props);
  const merged = own === undefined ? style : style === undefined ? own : { ...own, ...style };
  return (
    <Component {...rest} {...data} className={className ? `${base} ${className}` : base} style={merged} />
  );
}

export interface TableProps extends BoxProps {
  /** A tinted background on every other body row. */
  striped?: boolean | undefined;
  /** A line under each row (default true). */
  withRowBorders?: boolean | undefined;
  /** The cells' top and bottom padding (default 7px). */
  verticalSpacing?: Spacing | undefined;
  /** The cells' left and right padding (default xs). */
  horizontalSpacing?: Spacing | undefined;
}

const STRIPED = { 'data-striped': '' };

function TableRoot({
  striped,
  withRowBorders = true,
  verticalSpacing,
  horizontalSpacing,
  ...props
}: TableProps) {
  let own: Record<string, string> | undefined;
  if (!withRowBorders || verticalSpacing !== undefined || horizontalSpacing !== undefined) {
    own = {};
    if (!withRowBorders) own['--trb'] = '0';
    if (verticalSpacing !== undefined) own['--tvs'] = space(verticalSpacing);
    if (horizontalSpacing !== undefined) own['--ths'] = space(horizontalSpacing);
  }
  return render(props.component ?? 'table', props, 'st-Table-root', own, striped ? STRIPED : undefined);
}

function Thead(props: BoxProps) {
  return render(props.component ?? 'thead', props, 'st-Table-thead');
}

function Tbody(props: BoxProps) {
  return render(props.component ?? 'tbody', props, 'st-Table-tbody');
}

function Tr(props: BoxProps) {
  return render(props.component ?? 'tr', props, 'st-Table-tr');
}

export interface TableCellProps extends BoxProps {
  colSpan?: number | undefined;
  rowSpan?: number | undefined;
  headers?: string | undefined;
  scope?: 'col' | 'row' | 'colgroup' | 'rowgroup' | undefined;
  abbr?: string | undefined;
}

function Th(props: TableCellProps) {
  return render(props.component ?? 'th', props, 'st-Table-th');
}

function Td(props: TableCellProps) {
  return render(props.component ?? 'td', props, 'st-Table-td');
}

export interface TableScrollContainerProps extends BoxProps {
  /** The table's least width: narrower than this, the container scrolls sideways. */
  minWidth: number | string;
  /** Mantine's ScrollArea's props: only `viewportProps` is used, on the scrolling element (a label, a role, a
   * tabIndex to reach and scroll it by keyboard). */
  scrollAreaProps?: { viewportProps?: HTMLAttributes<HTMLDivElement> | undefined } | undefined;
  /** Accepted for compatibility: the container always scrolls natively. */
  type?: 'native' | 'scrollarea' | undefined;
}

const SCROLL: CSSProperties = { overflowX: 'auto' };

function ScrollContainer({
  minWidth,
  scrollAreaProps,
  type: _,
  children,
  ...props
}: TableScrollContainerProps) {
  const inner = typeof minWidth === 'number' ? `${minWidth}px` : minWidth;
  return render(
    props.component ?? 'div',
    {
      ...(scrollAreaProps?.viewportProps as BoxProps | undefined),
      ...props,
      children: <div style={{ minWidth: inner }}>{children}</div>,
    },
    'st-Table-scroll',
    SCROLL,
  );
}

/** A table: `<Table><Table.Thead><Table.Tr><Table.Th>...` with `Table.ScrollContainer` around a wide one. */
export const Table = Object.assign(TableRoot, { Thead, Tbody, Tr, Th, Td, ScrollContainer });

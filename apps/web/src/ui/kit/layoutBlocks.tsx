// Grid and Divider (issue 21): layout components of the kit (layout.tsx) that no first screen shows, in a module
// of their own so the start-up chunk carries neither them nor their CSS (layoutBlocks.css).
import './layoutBlocks.css';
import type { BoxProps, Spacing } from './Box';
import { space } from './Box';
import { columns, type Responsive, render, responsive, type Style } from './layout';

export interface GridProps extends BoxProps {
  /** Space between the cells (default md); `gutter` is Mantine 7's name for it. */
  gap?: Spacing | undefined;
  gutter?: Spacing | undefined;
  /** Columns a row is divided into (default 12). */
  columns?: number | undefined;
}

export interface GridColProps extends BoxProps {
  /** Columns the cell spans (default 12, the whole row), or a count per breakpoint (`{ base: 12, sm: 4 }`). */
  span?: Responsive<number> | undefined;
}

const spanning = (n: number) => `span ${n}`;

function GridRoot({ gap, gutter, columns: count, ...props }: GridProps) {
  const g = gap ?? gutter;
  let own: Style | undefined;
  if (g !== undefined || count !== undefined)
    own = {
      gap: g === undefined ? undefined : space(g),
      gridTemplateColumns: count === undefined ? undefined : columns(count),
    };
  return render(props, 'st-Grid-root', own);
}

function GridCol({ span, ...props }: GridColProps) {
  if (span === undefined) return render(props, 'st-Grid-col', undefined);
  const own: Style = {};
  return render(props, 'st-Grid-col', own, responsive(span, 12, 'gridColumn', spanning, own));
}

/** A 12-column grid: `<Grid><Grid.Col span={{ base: 12, sm: 4 }}>...</Grid.Col></Grid>`. */
export const Grid = Object.assign(GridRoot, { Col: GridCol });

export interface DividerProps extends BoxProps {
  orientation?: 'horizontal' | 'vertical' | undefined;
}

const VERTICAL: Style = { borderTop: 0, borderLeft: '1px solid var(--st-border)', alignSelf: 'stretch' };

/** A 1px rule in the border colour (a separator). */
export function Divider({ orientation = 'horizontal', ...props }: DividerProps) {
  return render(
    { role: 'separator', 'aria-orientation': orientation, ...props },
    'st-Divider-root',
    orientation === 'vertical' ? VERTICAL : undefined,
  );
}

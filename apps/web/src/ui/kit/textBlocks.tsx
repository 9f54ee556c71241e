// Code and List (issue 21): typography of the kit (text.tsx) that no first screen shows, in a module of its own
// so the start-up chunk carries neither them nor their CSS (textBlocks.css).
import './textBlocks.css';
import type { CSSProperties, ReactNode } from 'react';
import { type BoxProps, type KitSize, type Spacing, space } from './Box';
import { merge, render, type Style, sized } from './text';

export interface CodeProps extends BoxProps {
  /** A block (`pre`) instead of inline `code`. */
  block?: boolean | undefined;
}

const BLOCK = { 'data-block': '' };

/** Monospaced code on a tinted background: inline, or a block. */
export function Code({ block, component, ...props }: CodeProps) {
  return render(
    component ?? (block ? 'pre' : 'code'),
    props,
    'st-Code-root',
    undefined,
    block ? BLOCK : undefined,
  );
}

export interface ListProps extends BoxProps {
  /** `ol` when 'ordered'. */
  type?: 'ordered' | 'unordered' | undefined;
  /** Font size and its line height (default md). */
  size?: KitSize | number | undefined;
  /** Space between the items. */
  spacing?: Spacing | undefined;
  /** More indentation. */
  withPadding?: boolean | undefined;
  listStyleType?: CSSProperties['listStyleType'] | undefined;
}

const PADDED: Style = { paddingLeft: 'calc(var(--st-sp-lg) + var(--st-sp-md))' };

function ListRoot({ type, size, spacing, withPadding, listStyleType, component, ...props }: ListProps) {
  let own = size === undefined ? undefined : sized(size);
  if (withPadding) own = merge(own, PADDED);
  if (spacing !== undefined || listStyleType !== undefined)
    own = merge(own, {
      '--ls': spacing === undefined ? undefined : space(spacing),
      listStyleType,
    } as Style);
  return render(component ?? (type === 'ordered' ? 'ol' : 'ul'), props, 'st-List-root', own);
}

export interface ListItemProps extends BoxProps {
  /** Shown instead of the bullet. */
  icon?: ReactNode;
}

const WITH_ICON: Style = { listStyle: 'none', display: 'flex', alignItems: 'center' };
const ICON: Style = { display: 'inline-flex', marginRight: 'var(--st-sp-sm)' };

function ListItem({ icon, component, children, ...props }: ListItemProps) {
  if (icon === undefined || icon === null)
    return render(component ?? 'li', { ...props, children }, 'st-List-item', undefined);
  const content = (
    <>
      <span className="st-List-itemIcon" style={ICON}>
        {icon}
      </span>
      <span>{children}</span>
    </>
  );
  return render(component ?? 'li', { ...props, children: content }, 'st-List-item', WITH_ICON);
}

/** A bulleted (or numbered) list: `<List><List.Item>...</List.Item></List>`. */
export const List = Object.assign(ListRoot, { Item: ListItem });

// Dialogs of the house UI kit (issue 21): Modal and Drawer on the native <dialog>, made modal by the kit (the
// page behind made inert, Escape, focus inside; see openDialogs), and Collapse. React owns the open state: a
// dialog is mounted only while `opened`, and Escape, the close button and a click on the backdrop all ask
// `onClose` instead of closing it themselves.
import './overlays.css';
import {
  type CSSProperties,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type SyntheticEvent,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { Box, type BoxProps, cx, type KitSize } from './Box';

/** Mantine's widths for the named sizes of a modal or a drawer. */
const OVERLAY_SIZES: Record<KitSize, string> = {
  xs: '20rem',
  sm: '23.75rem',
  md: '27.5rem',
  lg: '38.75rem',
  xl: '48.75rem',
};

/** A dialog's width: a named size, a number of pixels or any CSS width. */
export type OverlaySize = KitSize | number | (string & {});

/** The CSS width of an overlay size. */
export function overlayWidth(size: OverlaySize): string {
  if (typeof size === 'number') return `${size}px`;
  return OVERLAY_SIZES[size as KitSize] ?? size;
}

interface ScrollLock {
  count: number;
  overflow: string;
  paddingRight: string;
}
const scrollLocks = new WeakMap<object, ScrollLock>();

/** What the scroll lock touches: the page's body (a stand-in in tests). */
export interface ScrollLockTarget {
  style: { overflow: string; paddingRight: string };
}

/**
 * Stops the page behind a dialog from scrolling, counted so that a dialog over a dialog keeps it locked until
 * the last one closes; `gap` (the scrollbar's width) pads the body so the page does not shift. Returns the
 * unlock, which does something once.
 */
export function lockScroll(body: ScrollLockTarget, gap = 0): () => void {
  let lock = scrollLocks.get(body);
  if (lock === undefined) {
    lock = { count: 0, overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    scrollLocks.set(body, lock);
    body.style.overflow = 'hidden';
    if (gap > 0) body.style.paddingRight = `${gap}px`;
  }
  lock.count += 1;
  let locked = true;
  return () => {
    if (!locked) return;
    locked = false;
    const held = scrollLocks.get(body);
    if (held === undefined || --held.count > 0) return;
    scrollLocks.delete(body);
    body.style.overflow = held.overflow;
    body.style.paddingRight = held.paddingRight;
  };
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function firstTabbable(scope: Element | null): HTMLElement | null {
  if (scope === null) return null;
  for (const element of scope.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (element.closest('[inert]') === null && (element.checkVisibility?.() ?? true)) return element;
  }
  return null;
}

/** Where focus starts in an opened dialog: `[data-autofocus]`, else the body's first tabbable, else the header's. */
function focusInitial(dialog: HTMLDialogElement): void {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]');
  const target =
    (marked && (marked.matches(TABBABLE) ? marked : firstTabbable(marked))) ??
    firstTabbable(dialog.querySelector('[data-overlay-body]')) ??
    firstTabbable(dialog);
  target?.focus();
}

/**
 * The kit's open dialogs, oldest first. Dialogs are shown non-modal (`show()`) and the kit makes them modal
 * itself: every other child of <body> is inert while one is open (the page, and the dialogs under the top
 * one), except what is marked `data-st-above-dialogs` (the toasts: a toast raised while a dialog is open can
 * still be read with the pointer over it and closed; a native modal dialog makes everything else inert, the
 * top-layer toasts too). Each dialog sits above the one before it.
 */
const openDialogs: HTMLDialogElement[] = [];
const madeInert = new Set<Element>();

function blockOutsideTopDialog(): void {
  for (const element of madeInert) element.removeAttribute('inert');
  madeInert.clear();
  const top = openDialogs.at(-1);
  if (top === undefined) return;
  for (const element of document.body.children) {
    if (element === top || element.hasAttribute('data-st-above-dialogs') || element.hasAttribute('inert'))
      continue;
    element.setAttribute('inert', '');
    madeInert.add(element);
  }
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 15 15" width="16" height="16" fill="none" aria-hidden="true" focusable="false">
      <path d="M3.5 3.5l8 8m0-8l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

interface DialogProps {
  kind: 'Modal' | 'Drawer';
  onClose: () => void;
  title: ReactNode;
  withCloseButton: boolean;
  closeLabel: string | undefined;
  rootStyle: CSSProperties;
  dataset: Record<`data-${string}`, string | undefined>;
  children: ReactNode;
}

/** The opened dialog: shown modal on mount, closed (focus going back where it was) on unmount. */
function Dialog({
  kind,
  onClose,
  title,
  withCloseButton,
  closeLabel,
  rootStyle,
  dataset,
  children,
}: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const latestOnClose = useRef(onClose);
  // Where the last press started: a click on the backdrop must also start there (not a drag out of a field).
  const pressedOnBackdrop = useRef(false);

  useLayoutEffect(() => {
    latestOnClose.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let alive = true;
    // Closed by the browser rather than by us (the close watcher's forced close after repeated Escapes, a
    // <form method="dialog">): ask onClose, and show it again if the owner keeps it open.
    const onNativeClose = () => {
      if (!alive || dialog.open) return;
      latestOnClose.current();
      requestAnimationFrame(() => {
        if (alive && dialog.isConnected && !dialog.open) dialog.show();
      });
    };
    // Escape closes the top dialog, unless a popover in it (a menu, a select) takes that Escape itself.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || openDialogs.at(-1) !== dialog) return;
      if (dialog.querySelector(':popover-open') !== null) return;
      event.preventDefault();
      latestOnClose.current();
    };
    dialog.addEventListener('close', onNativeClose);
    document.addEventListener('keydown', onKeyDown);
    openDialogs.push(dialog);
    dialog.style.zIndex = String(200 + openDialogs.length);
    if (!dialog.open) dialog.show();
    blockOutsideTopDialog();
    focusInitial(dialog);
    const unlock = lockScroll(document.body, window.innerWidth - document.documentElement.clientWidth);
    return () => {
      alive = false;
      dialog.removeEventListener('close', onNativeClose);
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      blockOutsideTopDialog();
      unlock();
      if (dialog.open) dialog.close();
      // close() gives focus back to where it was when shown; keep that promise if the browser did not.
      const active = document.activeElement;
      if (previous?.isConnected && (active === null || active === document.body || dialog.contains(active)))
        previous.focus({ preventScroll: true });
    };
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // React passes a nested dialog's cancel up its tree (a confirm declared inside a modal): not ours.
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    onClose();
  };
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The dialog fills the viewport around its content: a click on the dialog itself is on the backdrop.
    if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
    pressedOnBackdrop.current = false;
  };

  const hasTitle = title !== undefined && title !== null && title !== false && title !== '';
  const dialog = (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard twin is Escape (onCancel).
    <dialog
      ref={ref}
      className={`st-${kind}-root`}
      aria-modal="true"
      aria-labelledby={hasTitle ? titleId : undefined}
      style={rootStyle}
      onCancel={onCancel}
      onPointerDown={onPointerDown}
      onClick={onClick}
      {...dataset}
    >
      <section className={`st-${kind}-content`}>
        {hasTitle || withCloseButton ? (
          <header className={`st-${kind}-header`}>
            {hasTitle ? (
              <h2 className={`st-${kind}-title`} id={titleId}>
                {title}
              </h2>
            ) : null}
            {withCloseButton ? (
              <button
                type="button"
                className={`st-CloseButton-root st-${kind}-close`}
                aria-label={closeLabel ?? 'Close'}
                onClick={onClose}
              >
                <CloseIcon />
              </button>
            ) : null}
          </header>
        ) : null}
        <div className={`st-${kind}-body`} data-overlay-body="">
          {children}
        </div>
      </section>
    </dialog>
  );
  // In the body, as Mantine's portal put it: no styles inherited from where it is declared, no nested forms.
  return typeof document === 'undefined' ? dialog : createPortal(dialog, document.body);
}

export interface ModalProps {
  opened: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Width: xs 320 / sm 380 / md 440 (default) / lg 620 / xl 780 px, a number of px or any CSS width. */
  size?: OverlaySize | undefined;
  /** Centred vertically; otherwise 5dvh from the top. */
  centered?: boolean | undefined;
  /** Kept for Mantine's API: a dialog is stacked above every dialog opened before it anyway (openDialogs). */
  zIndex?: number | undefined;
  /** The close button's attributes; its aria-label names it ('Close' when not given). */
  closeButtonProps?: { 'aria-label'?: string | undefined } | undefined;
  withCloseButton?: boolean | undefined;
  children?: ReactNode;
}

/** A modal dialog labelled by its title: rendered only while opened. */
export function Modal({
  opened,
  onClose,
  title,
  size = 'md',
  centered = false,
  closeButtonProps,
  withCloseButton = true,
  children,
}: ModalProps) {
  if (!opened) return null;
  return (
    <Dialog
      kind="Modal"
      onClose={onClose}
      title={title}
      withCloseButton={withCloseButton}
      closeLabel={closeButtonProps?.['aria-label']}
      rootStyle={{ '--st-overlay-size': overlayWidth(size) } as CSSProperties}
      dataset={{ 'data-centered': centered ? '' : undefined }}
    >
      {children}
    </Dialog>
  );
}

export interface DrawerProps {
  opened: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** The side it slides from. */
  position?: 'left' | 'right' | undefined;
  /** Width: a named size (md, 440 px, by default), a number of px or any CSS width. */
  size?: OverlaySize | undefined;
  closeButtonProps?: { 'aria-label'?: string | undefined } | undefined;
  withCloseButton?: boolean | undefined;
  children?: ReactNode;
}

/** A modal panel along one side of the screen, full height: rendered only while opened. */
export function Drawer({
  opened,
  onClose,
  title,
  position = 'left',
  size = 'md',
  closeButtonProps,
  withCloseButton = true,
  children,
}: DrawerProps) {
  if (!opened) return null;
  return (
    <Dialog
      kind="Drawer"
      onClose={onClose}
      title={title}
      withCloseButton={withCloseButton}
      closeLabel={closeButtonProps?.['aria-label']}
      rootStyle={{ '--st-overlay-size': overlayWidth(size) } as CSSProperties}
      dataset={{ 'data-position': position }}
    >
      {children}
    </Dialog>
  );
}

export interface CollapseProps extends Omit<BoxProps, 'component'> {
  /** Shown when true (Mantine 9's name). */
  expanded?: boolean | undefined;
  /** Shown when true (Mantine 7's name). */
  in?: boolean | undefined;
}

/** Its children, kept mounted, hidden and inert while collapsed. */
export function Collapse({ expanded, in: shown, className, style, ...rest }: CollapseProps) {
  const open = expanded ?? shown ?? false;
  return (
    <Box
      {...rest}
      className={cx('st-Collapse-root', className)}
      style={open ? style : { ...style, display: 'none' }}
      inert={!open}
    />
  );
}

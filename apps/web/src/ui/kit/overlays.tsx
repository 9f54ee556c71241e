// Dialogs of the house UI kit: Modal and Drawer on Radix Dialog (focus moved in, kept in and given back to
// the opener; Escape and a press outside close the top layer only; the page behind hidden from screen readers
// and not scrolled), styled by overlays.css; and Collapse. React owns the open state: a dialog's content is
// mounted only while `opened`, and Escape, the close button and a press on the backdrop all ask `onClose`.
// The toasts stay reachable while a dialog is open: their region is a branch of the dialog's focus scope
// (toastRegion.ts), a press on a toast does not close the dialog, and Notifications keeps it a live region,
// which Radix leaves visible to screen readers.
import './overlays.css';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useFocusScopeBranch } from '@radix-ui/react-focus-scope';
import type { CSSProperties, ReactNode } from 'react';
import { Box, type BoxProps, cx, type KitSize } from './Box';
import { TitledDrawer } from './titledDrawer';
import { inToastRegion, useToastRegion } from './toastRegion';

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

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function firstTabbable(scope: Element | null): HTMLElement | null {
  if (scope === null) return null;
  for (const element of scope.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (element.checkVisibility?.() ?? true) return element;
  }
  return null;
}

/**
 * Where focus starts in an opened dialog: `[data-autofocus]`, else the body's first tabbable, else the close
 * button, else the dialog itself (Radix's own choice would be the close button, the first in the page).
 */
function focusInitial(event: Event): void {
  const dialog = event.currentTarget;
  if (!(dialog instanceof HTMLElement)) return;
  event.preventDefault();
  openers.set(dialog, document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]');
  const target =
    (marked && (marked.matches(TABBABLE) ? marked : firstTabbable(marked))) ??
    firstTabbable(dialog.querySelector('[data-overlay-body]')) ??
    firstTabbable(dialog);
  (target ?? dialog).focus();
}

/** What had focus when each open dialog took it (Radix gives focus back to a Dialog.Trigger, which we have not). */
const openers = new WeakMap<HTMLElement, HTMLElement | null>();

/** Gives focus back to what had it when the dialog opened, if it is still in the page. */
function focusOpener(event: Event): void {
  const dialog = event.currentTarget;
  if (!(dialog instanceof HTMLElement)) return;
  event.preventDefault();
  const opener = openers.get(dialog);
  if (opener?.isConnected) opener.focus({ preventScroll: true });
}

/** A press or focus on a toast is not outside the dialog (it stays open). */
function keepOpenForToasts(event: Event): void {
  if (inToastRegion(event.target)) event.preventDefault();
}

/** Lets focus move from the dialog to the toasts and back (F8, Tab inside them). */
function ToastBranch() {
  useFocusScopeBranch(useToastRegion());
  return null;
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
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  withCloseButton: boolean;
  closeLabel: string | undefined;
  rootStyle: CSSProperties;
  dataset: Record<`data-${string}`, string | undefined>;
  children: ReactNode;
}

/**
 * The dialog: the backdrop (Radix's overlay, filling the window) around the content box, portalled to the
 * body. Stacked by order: a dialog opened later sits above the ones before it.
 */
function Dialog({
  kind,
  opened,
  onClose,
  title,
  withCloseButton,
  closeLabel,
  rootStyle,
  dataset,
  children,
}: DialogProps) {
  const hasTitle = title !== undefined && title !== null && title !== false && title !== '';
  return (
    <RadixDialog.Root
      open={opened}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={`st-${kind}-root`} style={rootStyle} {...dataset}>
          <RadixDialog.Content
            className={`st-${kind}-content`}
            aria-modal="true"
            aria-describedby={undefined}
            {...(hasTitle ? {} : { 'aria-labelledby': undefined })}
            onOpenAutoFocus={focusInitial}
            onCloseAutoFocus={focusOpener}
            onInteractOutside={keepOpenForToasts}
          >
            <ToastBranch />
            {hasTitle || withCloseButton ? (
              <header className={`st-${kind}-header`}>
                {hasTitle ? (
                  <RadixDialog.Title className={`st-${kind}-title`}>{title}</RadixDialog.Title>
                ) : null}
                {withCloseButton ? (
                  <RadixDialog.Close
                    className={`st-CloseButton-root st-${kind}-close`}
                    aria-label={closeLabel ?? 'Close'}
                  >
                    <CloseIcon />
                  </RadixDialog.Close>
                ) : null}
              </header>
            ) : null}
            <div className={`st-${kind}-body`} data-overlay-body="">
              {children}
            </div>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ModalProps {
  opened: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Width: xs 320 / sm 380 / md 440 (default) / lg 620 / xl 780 px, a number of px or any CSS width. */
  size?: OverlaySize | undefined;
  /** Centred vertically; otherwise 5dvh from the top. */
  centered?: boolean | undefined;
  /** Kept for Mantine's API: a dialog is stacked above every dialog opened before it anyway. */
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
  return (
    <Dialog
      kind="Modal"
      opened={opened}
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
  return (
    <Dialog
      kind="Drawer"
      opened={opened}
      onClose={onClose}
      title={title}
      withCloseButton={withCloseButton}
      closeLabel={closeButtonProps?.['aria-label']}
      rootStyle={{ '--st-overlay-size': overlayWidth(size) } as CSSProperties}
      dataset={{ 'data-position': position }}
    >
      <TitledDrawer value={title !== undefined && title !== null && title !== false && title !== ''}>
        {children}
      </TitledDrawer>
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

import './notifications.css';
import {
  type CSSProperties,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './buttons';
import { notePressInToasts, setToastRegion } from './toastRegion';
import type { ToastItem, ToastStore } from './toastStore';

/** The key that moves focus to the toasts, from anywhere in the page (Radix Toast's and Mantine's F8). */
export const TOASTS_HOTKEY = 'F8';

export interface NotificationsProps {
  store: ToastStore;
  /** How long a closing toast fades before it leaves. */
  hideAnimationMs: number;
  /** The region's accessible name (the hotkey is added to it). */
  label: string;
}

/**
 * Where the toasts show: bottom right, newest last, in a region named `label (F8)` that F8 focuses from
 * anywhere, Tab then reaching each toast's close button. Every timer pauses while the pointer is over
 * the region or focus is in it, so a message being read does not vanish; Escape in a toast closes it.
 * Above dialogs and reachable from them: the region is a branch of an open dialog's focus scope
 * (overlays.tsx), takes the pointer while a dialog holds the rest of the page, and is a live region
 * (`aria-live="off"`: each toast announces itself as an alert), which the dialog leaves visible to screen
 * readers. Toasts are not a layer of their own: Escape outside them still closes the top dialog or menu.
 */
export function Notifications({ store, hideAnimationMs, label }: NotificationsProps) {
  const { shown } = useSyncExternalStore(store.subscribe, store.getState);
  const root = useRef<HTMLElement>(null);
  const [paused, setPaused] = useState(false);
  const hover = useRef(false);
  const focus = useRef(false);
  const follow = () => setPaused(hover.current || focus.current);
  // Where focus was before it came to the toasts (F8, Tab), and how many toasts show.
  const cameFrom = useRef<HTMLElement | null>(null);
  const count = useRef(0);
  count.current = shown.length;
  // A closing toast that has focus gives it to the region, or, closing the last one, back to where it came
  // from: not to the page's start.
  const onClosing = useCallback(() => {
    const region = root.current;
    if (region === null || !region.contains(document.activeElement)) return;
    if (count.current > 1 || !cameFrom.current?.isConnected) region.focus();
    else cameFrom.current.focus();
  }, []);

  useLayoutEffect(() => {
    setToastRegion(root.current);
    return () => setToastRegion(null);
  }, []);

  useEffect(() => {
    const element = root.current;
    if (element === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOASTS_HOTKEY && !event.altKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        element.focus();
        return;
      }
      // (window, capture: before an open dialog's own Escape, which listens on the document)
      if (event.key !== 'Escape' || !(event.target instanceof Element)) return;
      const toast = event.target.closest<HTMLElement>('[data-toast-id]');
      if (toast === null || !element.contains(toast)) return;
      event.preventDefault();
      event.stopPropagation();
      onClosing();
      store.hide(toast.dataset.toastId ?? '');
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [store, onClosing]);

  return createPortal(
    <section
      ref={root}
      className="st-Notifications-root"
      aria-label={`${label} (${TOASTS_HOTKEY})`}
      aria-live="off"
      tabIndex={-1}
      data-st-toasts=""
      onPointerDownCapture={(event) => notePressInToasts(event.target)}
      onPointerEnter={() => {
        hover.current = true;
        follow();
      }}
      onPointerLeave={() => {
        hover.current = false;
        follow();
      }}
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from;
        focus.current = true;
        follow();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        focus.current = false;
        follow();
      }}
    >
      {shown.map((toast) => (
        <Toast
          key={toast.id}
          toast={toast}
          store={store}
          paused={paused}
          hideAnimationMs={hideAnimationMs}
          onClosing={onClosing}
        />
      ))}
    </section>,
    document.body,
  );
}

function Toast({
  toast,
  store,
  paused,
  hideAnimationMs,
  onClosing,
}: {
  toast: ToastItem;
  store: ToastStore;
  paused: boolean;
  hideAnimationMs: number;
  onClosing: () => void;
}) {
  const [leaving, setLeaving] = useState(false);
  const { id, autoClose } = toast;
  useEffect(() => {
    if (autoClose === false || paused || leaving) return;
    const timer = setTimeout(() => setLeaving(true), autoClose);
    return () => clearTimeout(timer);
  }, [autoClose, paused, leaving]);
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => {
      onClosing();
      store.hide(id);
    }, hideAnimationMs);
    return () => clearTimeout(timer);
  }, [leaving, store, id, hideAnimationMs, onClosing]);
  return (
    <div
      role="alert"
      className="st-Notification-root"
      data-toast-id={id}
      data-leaving={leaving || undefined}
      style={{ '--toast-color': `var(--st-${toast.color}-filled)` } as CSSProperties}
      {...toast.data}
    >
      <div className="st-Notification-body">
        <div className="st-Notification-title">{toast.title}</div>
        <div className="st-Notification-description">{toast.message}</div>
      </div>
      <CloseButton
        size="sm"
        aria-label={toast.closeLabel}
        onClick={() => {
          onClosing();
          store.hide(id);
        }}
      />
    </div>
  );
}

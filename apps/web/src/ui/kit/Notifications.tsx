import './notifications.css';
import {
  type CSSProperties,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './buttons';
import type { ToastItem, ToastStore } from './toastStore';

export interface NotificationsProps {
  store: ToastStore;
  /** How long a closing toast fades before it leaves. */
  hideAnimationMs: number;
}

/**
 * Where the toasts show: bottom right, newest last, in the top layer (a manual popover, raised again for each
 * new toast) so a toast raised from a dialog shows above it. A toast's timer pauses while the pointer is
 * over it, as the field's toasts do, so a message being read does not vanish.
 */
export function Notifications({ store, hideAnimationMs }: NotificationsProps) {
  const { shown } = useSyncExternalStore(store.subscribe, store.getState);
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = root.current;
    if (element === null || shown.length === 0) return;
    // Shown again on every change: the last element shown is the top of the top layer.
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  }, [shown]);
  // A child of <body>, which an open dialog leaves alive (ui/kit/overlays): toasts stay readable and closable.
  return createPortal(
    <div ref={root} popover="manual" className="st-Notifications-root" data-st-above-dialogs="">
      {shown.map((toast) => (
        <Toast key={toast.id} toast={toast} store={store} hideAnimationMs={hideAnimationMs} />
      ))}
    </div>,
    document.body,
  );
}

function Toast({
  toast,
  store,
  hideAnimationMs,
}: {
  toast: ToastItem;
  store: ToastStore;
  hideAnimationMs: number;
}) {
  const [leaving, setLeaving] = useState(false);
  const [paused, setPaused] = useState(false);
  const { id, autoClose } = toast;
  useEffect(() => {
    if (autoClose === false || paused || leaving) return;
    const timer = setTimeout(() => setLeaving(true), autoClose);
    return () => clearTimeout(timer);
  }, [autoClose, paused, leaving]);
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => store.hide(id), hideAnimationMs);
    return () => clearTimeout(timer);
  }, [leaving, store, id, hideAnimationMs]);
  return (
    <div
      role="alert"
      className="st-Notification-root"
      data-leaving={leaving || undefined}
      style={{ '--toast-color': `var(--st-${toast.color}-filled)` } as CSSProperties}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      {...toast.data}
    >
      <div className="st-Notification-body">
        <div className="st-Notification-title">{toast.title}</div>
        <div className="st-Notification-description">{toast.message}</div>
      </div>
      <CloseButton size="sm" aria-label={toast.closeLabel} onClick={() => store.hide(id)} />
    </div>
  );
}

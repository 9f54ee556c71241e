import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { ToastStore } from '../ui/kit/toastStore';

// The container is downloaded with the first toast; most screens show none at first.
const ToastViewport = lazy(() => import('./ToastViewport'));

/** Renders the toasts of `store`, loading their container when the first one is shown (it then stays). */
export function Toasts({ store }: { store: ToastStore }) {
  const { shown } = useSyncExternalStore(store.subscribe, store.getState);
  const [needed, setNeeded] = useState(false);
  if (!needed && shown.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastViewport store={store} />
    </Suspense>
  ) : null;
}

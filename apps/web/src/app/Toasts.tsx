import { type NotificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The container and its transitions are downloaded with the first toast; most screens show none at first.
const ToastViewport = lazy(() => import('./ToastViewport'));

/** Renders the toasts of `store`, loading their container when the first one is shown (it then stays). */
export function Toasts({ store }: { store: NotificationsStore }) {
  const { notifications, queue } = useNotifications(store);
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastViewport store={store} />
    </Suspense>
  ) : null;
}

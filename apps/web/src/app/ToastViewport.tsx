import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import './toasts.css';
import { Notifications, type NotificationsStore } from '@mantine/notifications';
import { TOAST } from '@st/protocol';

/** Where the toasts show (Mantine's notifications container with its transitions). */
export default function ToastViewport({ store }: { store: NotificationsStore }) {
  return (
    <Notifications
      store={store}
      position="bottom-right"
      limit={8}
      transitionDuration={TOAST.hideAnimationMs}
    />
  );
}

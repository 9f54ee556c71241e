import { TOAST } from '@st/protocol';
import { Notifications } from '../ui/kit/Notifications';
import type { ToastStore } from '../ui/kit/toastStore';

/** Where the toasts show (bottom right, above dialogs; ui/kit/Notifications). */
export default function ToastViewport({ store }: { store: ToastStore }) {
  return <Notifications store={store} hideAnimationMs={TOAST.hideAnimationMs} />;
}

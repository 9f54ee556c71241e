import { TOAST } from '@st/protocol/constants';
import { useTranslation } from 'react-i18next';
import { Notifications } from '../ui/kit/Notifications';
import type { ToastStore } from '../ui/kit/toastStore';

/** Where the toasts show (bottom right, above dialogs, F8 to reach them; ui/kit/Notifications). */
export default function ToastViewport({ store }: { store: ToastStore }) {
  const { t } = useTranslation();
  return (
    <Notifications
      store={store}
      hideAnimationMs={TOAST.hideAnimationMs}
      label={t('toasts.bell', { defaultValue: 'Notifications' })}
    />
  );
}

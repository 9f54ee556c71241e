import type { RuTexts } from '../../i18n/types';

// Messages of the notification bell (toast history) added in issue 17.

export const notificationsEn = {
  'toast.close': 'Close notification',
  'toast.from': 'From: {{source}}',
  'notification.caption': 'Notification',
  'toasts.bell': 'Notifications',
  'toasts.bell.unread_one': 'Notifications, {{count}} unread',
  'toasts.bell.unread_other': 'Notifications, {{count}} unread',
  'toasts.history.title': 'Notification history',
  'toasts.history.empty': 'Nothing yet',
  'toasts.closeAll': 'Close all toasts',
  'toasts.history.clear': 'Clear history',
} as const;

export const notificationsRu: RuTexts<typeof notificationsEn> = {
  'toast.close': 'Закрыть уведомление',
  'toast.from': 'От: {{source}}',
  'notification.caption': 'Уведомление',
  'toasts.bell': 'Уведомления',
  'toasts.bell.unread_one': 'Уведомления, {{count}} непрочитанное',
  'toasts.bell.unread_few': 'Уведомления, {{count}} непрочитанных',
  'toasts.bell.unread_many': 'Уведомления, {{count}} непрочитанных',
  'toasts.bell.unread_other': 'Уведомления, {{count}} непрочитанного',
  'toasts.history.title': 'История уведомлений',
  'toasts.history.empty': 'Пока ничего',
  'toasts.closeAll': 'Закрыть все всплывающие',
  'toasts.history.clear': 'Очистить историю',
};

import { gatewayCall } from '../../api/routes';

// The calls NotificationToasts makes: a module of the routed console (these calls only happen there) that
// the sign-in screen, which NotificationToasts is part of, does not download (issue 21).

export const savedNotificationsCall = () => gatewayCall('gateway.notifications.list');

export const notificationSeenCall = (id: string) =>
  gatewayCall('gateway.notifications.seen', { query: { id } });

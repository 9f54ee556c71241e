import { GATEWAY_ROUTES } from '@st/protocol';
import { gatewayCall } from '../../api/routes';

// The calls NotificationToasts makes: a module of the routed console (these calls only happen there) that
// the sign-in screen, which NotificationToasts is part of, does not download (issue 21).

export const savedNotificationsCall = () => gatewayCall(GATEWAY_ROUTES, 'gateway.notifications.list');

export const notificationSeenCall = (id: string) =>
  gatewayCall(GATEWAY_ROUTES, 'gateway.notifications.seen', { query: { id } });

import { GatewayNotification, Notification } from '@st/protocol';
import { useEffect } from 'react';
import { subscribeTopic } from '../../api/topics';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import * as calls from './notificationCalls';

/** Live notifications for the whole session (all of the user's gateways in cloud mode). */
export function LiveNotifications() {
  const { live, config, notificationToasts, log } = useServices();
  useEffect(() => {
    const onMessage = (notification: Notification) =>
      notificationToasts.show(notification, notification.gateway, calls);
    return config.mode === 'cloud'
      ? subscribeTopic({ live, log, topic: 'cloud.notifications', payload: GatewayNotification, onMessage })
      : subscribeTopic({ live, log, topic: 'gateway.notifications', payload: Notification, onMessage });
  }, [live, config.mode, notificationToasts, log]);
  return null;
}

/** The saved notifications of the gateway being viewed (the whole gateway in gateway mode). */
export function SavedNotifications() {
  const { notificationToasts, live } = useServices();
  const gateway = useCurrentGateway();
  const gatewayId = gateway?.id;
  useEffect(() => {
    // Once per gateway opened (not on every refetch of its record); the gateway object is read as it is then.
    void notificationToasts.loadSaved(gateway, calls);
  }, [gatewayId, notificationToasts]);
  // Notifications that arrived while the live channel was down are saved on the gateway: load them again.
  useEffect(
    () =>
      live.onReconnect(() => {
        void notificationToasts.loadSaved(gateway, calls);
      }),
    [live, notificationToasts, gateway],
  );
  return null;
}

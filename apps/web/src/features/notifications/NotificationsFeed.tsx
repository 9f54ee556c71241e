import { useEffect } from 'react';
import { notificationsTopic, subscribeTopic } from '../../api/topics';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';

/** Live notifications for the whole session (all of the user's gateways in cloud mode). */
export function LiveNotifications() {
  const { live, config, notificationToasts, log } = useServices();
  useEffect(
    () =>
      subscribeTopic({
        live,
        log,
        topic: notificationsTopic(config.mode),
        onMessage: (notification) => notificationToasts.show(notification, notification.gateway),
      }),
    [live, config.mode, notificationToasts, log],
  );
  return null;
}

/** The saved notifications of the gateway being viewed (the whole gateway in gateway mode). */
export function SavedNotifications() {
  const { notificationToasts, live } = useServices();
  const gateway = useCurrentGateway();
  const gatewayId = gateway?.id;
  useEffect(() => {
    // Once per gateway opened (not on every refetch of its record); the gateway object is read as it is then.
    void notificationToasts.loadSaved(gateway);
  }, [gatewayId, notificationToasts]);
  // Notifications that arrived while the live channel was down are saved on the gateway: load them again.
  useEffect(
    () =>
      live.onReconnect(() => {
        void notificationToasts.loadSaved(gateway);
      }),
    [live, notificationToasts, gateway],
  );
  return null;
}

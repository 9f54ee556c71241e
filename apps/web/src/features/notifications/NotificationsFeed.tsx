import { Notification } from '@st/protocol';
import { useEffect } from 'react';
import { topics } from '../../api/topics';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';

/** Live notifications for the whole session (all of the user's gateways in cloud mode). */
export function LiveNotifications() {
  const { live, config, notificationToasts, log } = useServices();
  useEffect(
    () =>
      live.subscribe(topics(config.mode).notifications, (payload) => {
        const parsed = Notification.safeParse(payload);
        if (!parsed.success) {
          log.error('Notification without a valid body', payload);
          return;
        }
        notificationToasts.show(parsed.data, parsed.data.gateway);
      }),
    [live, config.mode, notificationToasts, log],
  );
  return null;
}

/** The saved notifications of the gateway being viewed (the whole gateway in gateway mode). */
export function SavedNotifications() {
  const { notificationToasts } = useServices();
  const gateway = useCurrentGateway();
  useEffect(() => {
    void notificationToasts.loadSaved(gateway);
  }, [gateway?.id, notificationToasts]);
  return null;
}

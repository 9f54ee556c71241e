import { z } from 'zod';
import { DeviceNotificationBodySchema } from '../device/index';
import { DateTime, Id } from './common';
import { GatewayRef } from './gatewayRef';

// Device notifications as the gateway stores them and the cloud forwards them (`gateway` set in cloud mode).

export const NotificationDevice = DeviceNotificationBodySchema.shape.device;
export type NotificationDevice = z.infer<typeof NotificationDevice>;

export const NotificationContent = DeviceNotificationBodySchema.shape.notification;
export type NotificationContent = z.infer<typeof NotificationContent>;

export const Notification = z.object({
  id: Id,
  gateway: GatewayRef.optional(),
  device: NotificationDevice,
  dateTime: DateTime,
  notification: NotificationContent,
});
export type Notification = z.infer<typeof Notification>;

/** The cloud's /secured/notifications always names the gateway. */
export const GatewayNotification = Notification.extend({ gateway: GatewayRef });
export type GatewayNotification = z.infer<typeof GatewayNotification>;

/** Answer to a device's `POST /api/notification`. */
export const NotificationCreated = z.object({ id: Id });
export type NotificationCreated = z.infer<typeof NotificationCreated>;

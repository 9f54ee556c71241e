import { randomUUID } from 'node:crypto';
import {
  ApiError,
  type DeviceNotificationBody,
  type Notification,
  NotificationContent,
  NotificationDevice,
} from '@st/protocol';
import type { Db } from '../../db/database';

interface Row {
  id: string;
  device: string;
  notification: string;
  date_time: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toNotification(row: Row): Notification | undefined {
  const device = NotificationDevice.safeParse(parseJson(row.device));
  const notification = NotificationContent.safeParse(parseJson(row.notification));
  if (!device.success || !notification.success) return undefined;
  return { id: row.id, device: device.data, notification: notification.data, dateTime: row.date_time };
}

/**
 * Device notifications: stored until the user marks them seen (which removes them), newest first. At most
 * `keep` unseen notifications are kept; the oldest go first.
 */
export class Notifications {
  constructor(
    private readonly db: Db,
    private readonly keep = 1000,
  ) {}

  list(): Notification[] {
    return this.db
      .prepare<[], Row>(
        'SELECT id, device, notification, date_time FROM notifications ORDER BY created_at DESC, rowid DESC',
      )
      .all()
      .map(toNotification)
      .filter((n): n is Notification => n !== undefined);
  }

  /** Validates and stores what a device posted; answers the stored notification. */
  accept(body: DeviceNotificationBody): Notification {
    if (body.device.ip.trim() === '' || body.device.name.trim() === '') {
      throw new ApiError('NOTIFICATION_DEVICE_REQUIRED');
    }
    if (body.notification.message.trim() === '') throw new ApiError('NOTIFICATION_MESSAGE_REQUIRED');
    const n: Notification = {
      id: randomUUID(),
      device: body.device,
      notification: body.notification,
      dateTime: new Date().toISOString(),
    };
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO notifications (id, device, notification, date_time, created_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(n.id, JSON.stringify(n.device), JSON.stringify(n.notification), n.dateTime, Date.now());
      this.db
        .prepare(
          `DELETE FROM notifications WHERE rowid NOT IN
           (SELECT rowid FROM notifications ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
        )
        .run(this.keep);
    })();
    return n;
  }

  /** Marks one seen (removes it); false when there was no such notification. */
  markSeen(id: string): boolean {
    return this.db.prepare('DELETE FROM notifications WHERE id = ?').run(id).changes > 0;
  }
}

import {
  ApiError,
  DeviceNotificationBodySchema,
  IdQuery,
  Notification,
  NotificationCreated,
  OK,
  OkResponse,
} from '@st/protocol';
import { z } from 'zod';
import type { RouteModule } from '../context';

export const notificationRoutes: RouteModule = (app, ctx) => {
  const tags = ['notifications'];
  app.post(
    '/api/notification',
    {
      schema: {
        tags,
        summary: 'A device posts a notification (firmware notification hooks)',
        body: DeviceNotificationBodySchema,
        response: { 200: NotificationCreated },
      },
    },
    (req) => {
      const n = ctx.notifications.accept(req.body);
      ctx.bus.emit('notification', n, (err) => req.log.error({ err }, 'notification listener failed'));
      return { id: n.id };
    },
  );
  app.get(
    '/api/notification',
    {
      schema: {
        tags,
        summary: 'Notifications not yet seen, newest first',
        response: { 200: z.array(Notification) },
      },
    },
    () => ctx.notifications.list(),
  );
  app.delete(
    '/api/notification',
    {
      schema: {
        tags,
        summary: 'Mark a notification seen',
        querystring: IdQuery,
        response: { 200: OkResponse },
      },
    },
    (req) => {
      if (!ctx.notifications.markSeen(req.query.id)) {
        throw new ApiError('NOTIFICATION_NOT_FOUND', `Notification with id=${req.query.id} not found`);
      }
      return OK;
    },
  );
};

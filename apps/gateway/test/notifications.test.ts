import { Notification, NotificationCreated } from '@st/protocol';
import { waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, http, subscribe } from './helpers';
import { gatewayForFile } from './support/harness';

const gw = gatewayForFile();

const devicePost = {
  device: { name: 'kitchen-lamp', type: 'lamp', ip: '127.0.0.9' },
  notification: { message: 'Light is on', type: 'info' },
};

describe('notifications', () => {
  it('stores what a device posts, pushes it live, lists it and forgets it once seen', async () => {
    const live = await subscribe(gw.wsUrl, '/notifications');
    const created = await http(gw.base, 'POST', '/api/notification', devicePost);
    expect(created.status).toBe(200);
    const { id } = NotificationCreated.parse(created.body);

    await waitFor(() => live.messages.length === 1, { what: 'live notification' });
    const pushed = Notification.parse(live.messages[0]);
    expect(pushed).toMatchObject({ id, device: devicePost.device, notification: devicePost.notification });

    const list = z.array(Notification).parse((await http(gw.base, 'GET', '/api/notification')).body);
    expect(list.map((n) => n.id)).toContain(id);

    expect((await http(gw.base, 'DELETE', `/api/notification?id=${id}`)).status).toBe(200);
    const after = z.array(Notification).parse((await http(gw.base, 'GET', '/api/notification')).body);
    expect(after.map((n) => n.id)).not.toContain(id);
    await live.close();
  });

  it("accepts the firmware's unescaped body when a message contains quotes", async () => {
    const raw =
      '{"device":{"name":"door","type":"sensor","ip":"127.0.0.9"},"notification":{"message":"Door "front" open","type":"error"}}';
    const created = await http(gw.base, 'POST', '/api/notification', raw, {
      'content-type': 'application/json',
    });
    expect(created.status).toBe(200);
    const list = z.array(Notification).parse((await http(gw.base, 'GET', '/api/notification')).body);
    expect(list.find((n) => n.id === NotificationCreated.parse(created.body).id)?.notification).toEqual({
      message: 'Door "front" open',
      type: 'error',
    });
  });

  it('refuses posts without device, without message, or with an unknown type, saying why', async () => {
    const noMessage = await http(gw.base, 'POST', '/api/notification', {
      ...devicePost,
      notification: { message: '  ', type: 'info' },
    });
    expect(noMessage.status).toBe(400);
    expect(ErrorBody.parse(noMessage.body).message).toBe('Notification message is required!');

    const noDevice = await http(gw.base, 'POST', '/api/notification', {
      ...devicePost,
      device: { name: '', type: 'lamp', ip: '' },
    });
    expect(noDevice.status).toBe(400);
    expect(ErrorBody.parse(noDevice.body).message).toBe('Device info is required!');

    const badType = await http(gw.base, 'POST', '/api/notification', {
      ...devicePost,
      notification: { message: 'x', type: 'panic' },
    });
    expect(badType.status).toBe(400);
    expect(ErrorBody.parse(badType.body).message).toContain('notification.type');

    const missing = await http(gw.base, 'POST', '/api/notification', {});
    expect(missing.status).toBe(400);
    expect(ErrorBody.parse(missing.body).code).toBe('VALIDATION_FAILED');

    const notJson = await http(gw.base, 'POST', '/api/notification', '{"device":', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);

    const huge = await http(gw.base, 'POST', '/api/notification', {
      ...devicePost,
      notification: { message: 'x'.repeat(2 * 1024 * 1024), type: 'info' },
    });
    expect(huge.status).toBe(413);
    expect(ErrorBody.parse(huge.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('marking an unknown notification seen is harmless', async () => {
    const r = await http(gw.base, 'DELETE', '/api/notification?id=does-not-exist');
    expect(r.status).toBe(200);
    expect((await http(gw.base, 'DELETE', '/api/notification')).status).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import { parseNotificationBody } from './firmwareBody';

describe('parseNotificationBody', () => {
  it('reads valid JSON as JSON', () => {
    expect(parseNotificationBody('{"a":1}')).toEqual({ a: 1 });
  });

  it("reads the firmware's unescaped body when a message holds quotes or backslashes", () => {
    const body =
      '{"device":{"name":"lamp","type":"light","ip":"192.168.1.5"},"notification":{"message":"Door "front" at C:\\x","type":"warning"}}';
    expect(parseNotificationBody(body)).toEqual({
      device: { name: 'lamp', type: 'light', ip: '192.168.1.5' },
      notification: { message: 'Door "front" at C:\\x', type: 'warning' },
    });
  });

  it('still refuses anything else that is not JSON', () => {
    expect(() => parseNotificationBody('{"device":')).toThrow();
  });
});

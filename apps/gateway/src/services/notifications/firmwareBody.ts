/**
 * The firmware builds its notification body with sprintf and does not escape values, so a message with a `"`
 * or `\` is not valid JSON. This reads that exact shape when JSON.parse cannot; anything else stays invalid.
 */
const FIRMWARE_SHAPE =
  /^\{"device":\{"name":"(.*?)","type":"(.*?)","ip":"(.*?)"\},"notification":\{"message":"(.*)","type":"([a-z]+)"\}\}\s*$/s;

export function parseNotificationBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const m = FIRMWARE_SHAPE.exec(text);
    if (!m) throw err;
    const [, name = '', type = '', ip = '', message = '', kind = ''] = m;
    return { device: { name, type, ip }, notification: { message, type: kind } };
  }
}

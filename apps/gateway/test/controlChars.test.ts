import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { http } from './helpers';
import { gatewayForFile } from './support/harness';

// Issue 14, item 7 on the gateway: what devices post (notification names and messages) and firmware names
// refuse control characters with 400 TEXT_CONTROL_CHARACTERS; line breaks stay allowed in messages.

const gw = gatewayForFile();
const CONTROLS = ['\u0000', '\u0008', '\u001b', '\u007f', '\u009b', '\u202e', '\u2067', '\u061c'];
const poisoned = fc
  .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 8 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

describe('control characters on the gateway', () => {
  it('refuses them in notification names and messages, keeps the list clean', async () => {
    let tried = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(poisoned, fc.constantFrom('name', 'type', 'message'), async (text, field) => {
        tried += 1;
        const r = await http(gw.base, 'POST', '/api/notification', {
          device: {
            name: field === 'name' ? text : 'lamp',
            type: field === 'type' ? text : 'lamp',
            ip: '127.0.0.9',
          },
          notification: { message: field === 'message' ? text : 'hello', type: 'info' },
        });
        expect(r.status, JSON.stringify(text)).toBe(400);
        expect(r.body).toMatchObject({ code: 'TEXT_CONTROL_CHARACTERS' });
        refused += 1;
      }),
      { numRuns: 100 },
    );
    expect(z.array(z.unknown()).parse((await http(gw.base, 'GET', '/api/notification')).body)).toEqual([]);
    const multiLine = await http(gw.base, 'POST', '/api/notification', {
      device: { name: 'lamp', type: 'lamp', ip: '127.0.0.9' },
      notification: { message: 'line one\nline two\tend', type: 'info' },
    });
    expect(multiLine.status).toBe(200);
    console.info('control character figures (gateway)', { tried, refused });
  });

  it('refuses them in firmware names edited on the gateway', async () => {
    const r = await http(gw.base, 'PUT', '/api/ota/firmware', {
      id: '1',
      type: 'lamp\u202e',
      version: '1.0',
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'TEXT_CONTROL_CHARACTERS' });
  });
});

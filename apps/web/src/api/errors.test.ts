import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gatewaysSharedFirstEn, gatewaysSharedFirstRu } from '../features/gateways/messages';
import { addTexts, createI18n } from '../i18n';
import { errorsRu } from '../i18n/errors/ru';
import { failureText } from '../ui/describeFailure';
import { GatewayOfflineError, HttpError, serverMessage } from './errors';

const failed = (status: number, body: unknown) =>
  new HttpError('POST', '/api/x', { kind: 'status', status, body });

describe('what a failed call tells the user', () => {
  // (what start-up adds: app/services.ts)
  addTexts(gatewaysSharedFirstEn, gatewaysSharedFirstRu);
  const i18n = createI18n('ru', { errors: errorsRu });

  it("shows a known server error code in the user's language", () => {
    const error = failed(409, {
      code: 'GATEWAY_NAME_TAKEN',
      message: 'You already have a gateway with this name',
    });
    expect(serverMessage(error, i18n)).toBe('У вас уже есть шлюз с таким названием');
    expect(serverMessage(error)).toBe('You already have a gateway with this name');
  });

  it("keeps the server's text for a validation failure and for codes it does not know", () => {
    expect(serverMessage(failed(400, { code: 'VALIDATION_FAILED', message: 'name: Too long' }), i18n)).toBe(
      'name: Too long',
    );
    expect(serverMessage(failed(418, { code: 'NEWER_SERVER_CODE', message: 'Brewing' }), i18n)).toBe(
      'Brewing',
    );
  });

  it("passes a device's own error text through", () => {
    expect(serverMessage(failed(500, { error: 'Sensor is not ready' }), i18n)).toBe('Sensor is not ready');
  });

  it('describes failures without a server text by their kind', () => {
    expect(failureText(new HttpError('GET', '/x', { kind: 'timeout' }), i18n.t, i18n)).toBe(
      'Сервер не ответил вовремя',
    );
    expect(failureText(failed(502, null), i18n.t, i18n)).toBe('Сервер ответил кодом 502');
    expect(failureText(new GatewayOfflineError('home'), i18n.t, i18n)).toBe('Шлюз не в сети!');
  });

  it('reads a body exactly as the zod union it replaced (start-up bundles no zod)', () => {
    const before = z.union([
      z.object({ code: z.string().optional(), message: z.string().min(1) }),
      z.object({ error: z.string().min(1) }).transform((b) => ({ code: undefined, message: b.error })),
      z
        .string()
        .min(1)
        .transform((message) => ({ code: undefined, message })),
    ]);
    const text = fc.oneof(fc.constantFrom('', 'Brewing', 'WRONG_CREDENTIALS'), fc.string());
    const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.constant(undefined), fc.anything());
    const body = fc.oneof(
      text,
      fc.record({ code: value, message: value, error: value }, { requiredKeys: [] }),
      fc.array(text),
      fc.anything(),
    );
    fc.assert(
      fc.property(body, (b) => {
        const parsed = before.safeParse(b);
        expect(serverMessage(failed(400, b))).toBe(parsed.success ? parsed.data.message : undefined);
      }),
      { numRuns: 3000 },
    );
  });
});

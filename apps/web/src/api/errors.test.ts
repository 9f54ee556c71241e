import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { errorsRu } from '../i18n/errors/ru';
import { ru } from '../i18n/ru';
import { failureText } from '../ui/describeFailure';
import { GatewayOfflineError, HttpError, serverMessage } from './errors';

const failed = (status: number, body: unknown) =>
  new HttpError('POST', '/api/x', { kind: 'status', status, body });

describe('what a failed call tells the user', () => {
  const i18n = createI18n('ru', { messages: ru, errors: errorsRu });

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
});

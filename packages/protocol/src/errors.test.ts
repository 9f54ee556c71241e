import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  ApiErrorBody,
  apiErrorBody,
  ERROR_CATALOG,
  ERROR_CODES,
  errorStatus,
  isErrorCode,
  issuesFromZod,
} from './errors';

describe('error catalog', () => {
  it('gives every code an error status and a message a person can read', () => {
    for (const code of ERROR_CODES) {
      const { status, message } = ERROR_CATALOG[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message.trim().length, code).toBeGreaterThan(3);
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
    }
  });

  it('uses the statuses design.md fixes for the relay', () => {
    expect(errorStatus('GATEWAY_OFFLINE')).toBe(503);
    expect(errorStatus('RELAY_TIMEOUT')).toBe(504);
    expect(errorStatus('RELAY_FORBIDDEN_PATH')).toBe(403);
    expect(errorStatus('RATE_LIMITED')).toBe(429);
    expect(errorStatus('GATEWAY_NOT_FOUND')).toBe(404);
  });

  it('keeps the texts the console shows for them (spec sections 5 and 8)', () => {
    expect(ERROR_CATALOG.GATEWAY_OFFLINE.message).toBe('Gateway is offline!');
    expect(ERROR_CATALOG.CLOUD_ACCESS_DENIED.message).toBe('Access denied. Wrong token?');
    expect(ERROR_CATALOG.CLOUD_UNAVAILABLE.message).toBe('Cloud is unavailable');
    expect(ERROR_CATALOG.DUMP_EMPTY.message).toBe('Device settings dump is empty');
    expect(ERROR_CATALOG.GATEWAY_NAME_TOO_LONG.message).toContain('32');
  });

  it('makes a body that the body schema accepts, with a precise message when given', () => {
    const body = apiErrorBody('UNKNOWN_DEVICE', 'Unknown device 127.0.0.9');
    expect(ApiErrorBody.parse(body)).toEqual({ code: 'UNKNOWN_DEVICE', message: 'Unknown device 127.0.0.9' });
    expect(apiErrorBody('DUMP_EMPTY')).toEqual({
      code: 'DUMP_EMPTY',
      message: 'Device settings dump is empty',
    });
  });

  it('carries status, code and issues on a thrown ApiError', () => {
    const error = new ApiError('VALIDATION_FAILED', undefined, [{ path: ['name'], message: 'Required' }]);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid',
      issues: [{ path: ['name'], message: 'Required' }],
    });
  });

  it('turns zod issues into body issues with their paths', () => {
    const result = z.object({ gateway: z.object({ name: z.string() }) }).safeParse({ gateway: { name: 5 } });
    expect(result.success).toBe(false);
    if (!result.success) expect(issuesFromZod(result.error)[0]?.path).toEqual(['gateway', 'name']);
  });

  it('recognises only catalog codes', () => {
    expect(isErrorCode('DEVICE_TIMEOUT')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('NOPE')).toBe(false);
  });
});

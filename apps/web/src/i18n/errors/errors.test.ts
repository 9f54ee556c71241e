import { ERROR_CODES } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { errorsEn } from './en';
import { errorsRu } from './ru';

describe('server error texts', () => {
  it('every error code of the protocol catalog has an English and a Russian text', () => {
    const missing = (texts: Partial<Record<string, string>>) =>
      ERROR_CODES.filter((code) => !texts[code]?.trim());
    expect(missing(errorsEn)).toEqual([]);
    expect(missing(errorsRu)).toEqual([]);
  });
});

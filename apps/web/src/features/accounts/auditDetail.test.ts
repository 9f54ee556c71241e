import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { auditDetail } from './auditDetail';

const t = ((key: string) => `<${key}>`) as unknown as TFunction;

describe('auditDetail', () => {
  it("says the cloud's fixed phrases through the catalog and leaves names as written", () => {
    expect(auditDetail('password only', t)).toBe('<accounts.audit.detail.passwordOnly>');
    expect(auditDetail('this session', t)).toBe('<accounts.audit.detail.thisSession>');
    expect(auditDetail('"kitchen token"', t)).toBe('"kitchen token"');
    expect(auditDetail('constructor', t)).toBe('constructor');
  });
});

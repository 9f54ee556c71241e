import { describe, expect, it } from 'vitest';
import { checkGatewayName } from './validateName';

describe('gateway name rule', () => {
  it('stops a blank name', () => {
    expect(checkGatewayName('')).toEqual({ kind: 'blank' });
    expect(checkGatewayName('   ')).toEqual({ kind: 'blank' });
  });

  it('accepts exactly 32 characters and reports 33 with the limit', () => {
    expect(checkGatewayName('a'.repeat(32))).toEqual({ kind: 'ok' });
    expect(checkGatewayName('a'.repeat(33))).toEqual({ kind: 'long', max: 32 });
  });
});

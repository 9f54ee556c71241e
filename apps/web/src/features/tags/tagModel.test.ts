import { describe, expect, it } from 'vitest';
import { checkTag } from './tagModel';

describe('checkTag', () => {
  it('trims a good tag and refuses what the gateway would refuse, with the reason', () => {
    expect(checkTag('  kitchen ')).toEqual({ ok: true, tag: 'kitchen' });
    expect(checkTag('   ')).toEqual({ ok: false, error: 'empty' });
    expect(checkTag('x'.repeat(33))).toEqual({ ok: false, error: 'long' });
    expect(checkTag('a\u0007b')).toEqual({ ok: false, error: 'chars' });
  });

  it('refuses a repeat and a 17th tag on one device', () => {
    expect(checkTag('beta', ['beta'])).toEqual({ ok: false, error: 'duplicate' });
    const full = Array.from({ length: 16 }, (_, i) => `t${i}`);
    expect(checkTag('new', full)).toEqual({ ok: false, error: 'limit' });
    expect(checkTag('new', full.slice(1))).toEqual({ ok: true, tag: 'new' });
  });
});

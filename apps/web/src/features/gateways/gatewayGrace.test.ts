import { describe, expect, it } from 'vitest';
import { graceState } from './gatewayGrace';

const gw = (online: boolean) => ({ id: 'g1', online });

describe('graceState (a gateway dropping while a cloud user is on it)', () => {
  it('waits for a gateway that was online on this screen, until the grace period ends', () => {
    expect(graceState({ gateway: gw(false), seenOnline: 'g1', expired: false })).toBe('waiting');
    expect(graceState({ gateway: gw(false), seenOnline: 'g1', expired: true })).toBe('gone');
    expect(graceState({ gateway: gw(true), seenOnline: 'g1', expired: true })).toBe('online');
  });

  it('leaves at once for a gateway offline on arrival (or another gateway than the one seen online)', () => {
    expect(graceState({ gateway: gw(false), seenOnline: undefined, expired: false })).toBe('gone');
    expect(graceState({ gateway: gw(false), seenOnline: 'g2', expired: false })).toBe('gone');
  });

  it('is loading while the gateway is unknown', () => {
    expect(graceState({ gateway: undefined, seenOnline: 'g1', expired: false })).toBe('loading');
  });
});

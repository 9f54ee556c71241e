// The subscription index on its own: messages for one user reach exactly that user's subscriptions, whether the
// user has one (kept without a Set: every gateway link) or several, as they come and go.
import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus';
import type { SessionLike, Subscription } from './host';
import { subscriptionPrefix } from './outgoing';
import { SubscriptionIndex } from './subscriptions';

function session(id: string, user: string | undefined, got: string[]): SessionLike {
  return { id, user, deliver: (s) => got.push(`${id}/${s.id}`) };
}
const sub = (s: SessionLike, id: string, destination = '/d'): Subscription => ({
  id,
  destination,
  prefix: subscriptionPrefix(id),
  session: s,
});

describe('SubscriptionIndex by user', () => {
  it('delivers to one user alone, through one, two, one and no subscriptions', () => {
    const bus = new MemoryBus();
    const active: string[] = [];
    const index = new SubscriptionIndex(bus, {
      active: (d) => active.push(d),
      idle: (d) => active.push(`-${d}`),
    });
    const got: string[] = [];
    const alice = session('a', 'alice', got);
    const bob = session('b', 'bob', got);
    const a1 = sub(alice, '1');
    const a2 = sub(alice, '2');
    const b1 = sub(bob, '1');
    index.add(a1);
    index.add(b1);
    bus.publish('/d', { body: 'x', user: 'alice' });
    expect(got.splice(0)).toEqual(['a/1']);
    index.add(a2);
    bus.publish('/d', { body: 'x', user: 'alice' });
    expect(got.splice(0).sort()).toEqual(['a/1', 'a/2']);
    index.remove(a1);
    bus.publish('/d', { body: 'x', user: 'alice' });
    expect(got.splice(0)).toEqual(['a/2']);
    bus.publish('/d', { body: 'x' }); // for everyone
    expect(got.splice(0).sort()).toEqual(['a/2', 'b/1']);
    index.remove(a2);
    bus.publish('/d', { body: 'x', user: 'alice' });
    expect(got).toEqual([]);
    expect(index.count('/d')).toBe(1);
    index.remove(b1);
    index.remove(b1); // twice: no effect
    expect(index.count('/d')).toBe(0);
    expect(active).toEqual(['/d', '-/d']);
  });

  it('adds the same subscription once', () => {
    const bus = new MemoryBus();
    const index = new SubscriptionIndex(bus, { active: () => {}, idle: () => {} });
    const got: string[] = [];
    const alice = session('a', 'alice', got);
    const a1 = sub(alice, '1');
    index.add(a1);
    index.add(a1);
    bus.publish('/d', { body: 'x', user: 'alice' });
    expect(got).toEqual(['a/1']);
    index.remove(a1);
    expect(index.count('/d')).toBe(0);
  });
});

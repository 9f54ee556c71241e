import { describe, expect, it } from 'vitest';
import { PendingSlots } from './relay';

const entry = (slot: number, tag = 'a') => ({ id: `node1.${slot}.${tag}` });

describe('PendingSlots (the relay requests waiting for an answer)', () => {
  it('finds an entry by its id, and only by its whole id', () => {
    const slots = new PendingSlots<{ id: string }>();
    const a = slots.add((slot) => entry(slot));
    const b = slots.add((slot) => entry(slot));
    expect([a.id, b.id]).toEqual(['node1.0.a', 'node1.1.a']);
    expect(slots.get('node1.1.a')).toBe(b);
    expect(slots.get('node1.1.b')).toBeUndefined();
    expect(slots.get('node1.7.a')).toBeUndefined();
    for (const bad of ['', 'node1', 'node1..a', 'node1.-1.a', 'node1.x.a', 'node1.1.5.a'])
      expect(slots.get(bad)).toBeUndefined();
    expect(slots.size).toBe(2);
  });

  it('reuses a freed slot, and a late answer for the old entry of that slot finds nothing', () => {
    const slots = new PendingSlots<{ id: string }>();
    const a = slots.add((slot) => entry(slot, 'first'));
    slots.delete(a);
    expect(slots.size).toBe(0);
    const c = slots.add((slot) => entry(slot, 'second'));
    expect(c.id).toBe('node1.0.second');
    expect(slots.get(a.id)).toBeUndefined();
    expect(slots.get(c.id)).toBe(c);
    // deleting the old entry again leaves the new one in place
    slots.delete(a);
    expect(slots.get(c.id)).toBe(c);
  });

  it('lists the waiting entries, and deleting while going through that list is safe', () => {
    const slots = new PendingSlots<{ id: string }>();
    const all = [0, 1, 2, 3].map(() => slots.add((slot) => entry(slot)));
    slots.delete(all[1] as { id: string });
    const listed = slots.all();
    expect(listed.map((e) => e.id)).toEqual(['node1.0.a', 'node1.2.a', 'node1.3.a']);
    for (const e of listed) slots.delete(e);
    expect(slots.size).toBe(0);
    expect(slots.all()).toEqual([]);
  });
});

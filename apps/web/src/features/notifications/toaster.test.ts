import { describe, expect, it } from 'vitest';
import { ToastStore } from '../../ui/kit/toastStore';
import { Toaster } from './toaster';

// Toasts live in the kit's toast store (no DOM needed to read it).

function setUp() {
  const store = new ToastStore();
  const toaster = new Toaster({ store, fromLabel: (s) => `From: ${s}`, closeLabel: () => 'Close' });
  const onScreen = () => store.getState().shown.map((n) => n.title);
  return { toaster, onScreen };
}

describe('toaster', () => {
  it('closes the open toast about a subject when a newer one about it is shown', () => {
    const { toaster, onScreen } = setUp();
    toaster.warn({ caption: 'lamp went offline', key: 'device:10.0.0.7', autoClose: false });
    toaster.error({ caption: 'save failed' });
    toaster.info({ caption: 'lamp is back online', key: 'device:10.0.0.7', autoClose: false });
    expect(onScreen()).toEqual(['save failed', 'lamp is back online']);
    toaster.error({ caption: 'Wrong login', key: 'auth.login' });
    toaster.success({ caption: 'Welcome', key: 'auth.login' });
    expect(onScreen()).toEqual(['save failed', 'lamp is back online', 'Welcome']);
  });

  it('keeps every toast in the history, newest first, with an unread count until read', () => {
    const { toaster } = setUp();
    toaster.error({ caption: 'one', description: 'why' });
    toaster.info({ caption: 'two', key: 'x' });
    toaster.info({ caption: 'three', key: 'x' });
    const { records, unread } = toaster.history.snapshot();
    expect(records.map((r) => r.caption)).toEqual(['three', 'two', 'one']);
    expect(records[2]).toMatchObject({ type: 'error', description: 'why' });
    expect(unread).toBe(3);
    toaster.history.markRead();
    expect(toaster.history.snapshot().unread).toBe(0);
    toaster.history.clear();
    expect(toaster.history.snapshot().records).toEqual([]);
  });

  it('closes every toast on screen at once, and they stay in the history', () => {
    const { toaster, onScreen } = setUp();
    toaster.error({ caption: 'a' });
    toaster.warn({ caption: 'b', key: 'k' });
    toaster.closeAll();
    expect(onScreen()).toEqual([]);
    expect(toaster.history.snapshot().records).toHaveLength(2);
    toaster.error({ caption: 'c', key: 'k' });
    expect(onScreen()).toEqual(['c']);
  });

  it('lists the same words about the same subject once: a second sign-in does not add a second welcome', () => {
    const { toaster, onScreen } = setUp();
    toaster.success({ caption: 'Welcome, admin!', key: 'auth.login' });
    toaster.error({ caption: 'save failed' });
    toaster.success({ caption: 'Welcome, admin!', key: 'auth.login' });
    expect(onScreen()).toEqual(['save failed', 'Welcome, admin!']);
    const { records, unread } = toaster.history.snapshot();
    expect(records.map((r) => r.caption)).toEqual(['Welcome, admin!', 'save failed']);
    expect(unread).toBe(2);
    // other words about the subject, or the same words without one, are kept
    toaster.error({ caption: 'Wrong login', key: 'auth.login' });
    toaster.error({ caption: 'save failed' });
    expect(toaster.history.snapshot().records).toHaveLength(4);
  });
});

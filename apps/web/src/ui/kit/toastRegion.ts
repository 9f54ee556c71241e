// Where the page's toasts are (one region per page, or none before the first toast): an open dialog lets
// focus and the pointer reach it (overlays.tsx registers it as a branch of the dialog's focus scope).
import { useSyncExternalStore } from 'react';

let region: HTMLElement | null = null;
/** The last element pressed in the region (a close button's press may remove its toast before Radix asks). */
let pressed: Node | null = null;
const listeners = new Set<() => void>();

/** Called by the toasts' viewport with its element when it mounts, and with null when it goes. */
export function setToastRegion(element: HTMLElement | null): void {
  if (region === element) return;
  region = element;
  for (const listener of listeners) listener();
}

/** Called by the region on every press inside it. */
export function notePressInToasts(target: EventTarget | null): void {
  pressed = target instanceof Node ? target : null;
}

/** Whether `target` is inside the toasts' region (or was, pressed there, and has left the page since). */
export function inToastRegion(target: EventTarget | null): boolean {
  if (region === null || !(target instanceof Node)) return false;
  return region.contains(target) || (!target.isConnected && target === pressed);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts' region element, following it as it mounts and goes. */
export function useToastRegion(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => region,
    () => null,
  );
}

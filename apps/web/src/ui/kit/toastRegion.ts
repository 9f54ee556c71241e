// Where the page's toasts are (one region per page, or none before the first toast): an open dialog lets
// focus and the pointer reach it (overlays.tsx registers it as a branch of the dialog's focus scope).
import { useSyncExternalStore } from 'react';

let region: HTMLElement | null = null;
const listeners = new Set<() => void>();

/** Called by the toasts' viewport with its element when it mounts, and with null when it goes. */
export function setToastRegion(element: HTMLElement | null): void {
  if (region === element) return;
  region = element;
  for (const listener of listeners) listener();
}

/** Whether `target` is inside the toasts' region. */
export function inToastRegion(target: EventTarget | null): boolean {
  return region !== null && target instanceof Node && region.contains(target);
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

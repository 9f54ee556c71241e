// Light or dark (issue 21: instead of MantineProvider's colour scheme manager). The choice is stored under
// the key the console always used ('light', 'dark' or 'auto'); until the user picks one the system's
// preference applies, and follows it live. The computed scheme is `data-theme` on <html>, which tokens.css
// reads; it is set before the first render (main.tsx), so a dark page never flashes light.
import { useSyncExternalStore } from 'react';

export type ColorScheme = 'light' | 'dark';
export type ColorSchemeChoice = ColorScheme | 'auto';

interface SchemeState {
  choice: ColorSchemeChoice;
  computed: ColorScheme;
}

const listeners = new Set<() => void>();
let state: SchemeState = { choice: 'auto', computed: 'light' };
let storageKey = 'color-theme';
let media: MediaQueryList | undefined;

function parseChoice(value: string | null): ColorSchemeChoice {
  return value === 'light' || value === 'dark' ? value : 'auto';
}

function update(choice: ColorSchemeChoice): void {
  const computed: ColorScheme = choice === 'auto' ? (media?.matches ? 'dark' : 'light') : choice;
  state = { choice, computed };
  document.documentElement.setAttribute('data-theme', computed);
  for (const listener of listeners) listener();
}

/** Reads the stored choice, applies it to <html> and follows the system while the choice is 'auto'. */
export function initColorScheme(key: string, storage: Storage = window.localStorage): void {
  storageKey = key;
  media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', () => {
    if (state.choice === 'auto') update('auto');
  });
  // Another tab of the console changed it.
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey) update(parseChoice(event.newValue));
  });
  update(parseChoice(storage.getItem(key)));
}

/** Stores and applies a choice. */
export function setColorScheme(choice: ColorSchemeChoice): void {
  try {
    window.localStorage.setItem(storageKey, choice);
  } catch {
    // storage full or denied: the choice still applies to this page
  }
  update(choice);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The scheme in use ('light' or 'dark') and the user's choice, re-rendering when either changes. */
export function useColorScheme(): SchemeState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

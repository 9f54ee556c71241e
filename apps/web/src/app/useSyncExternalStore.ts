// wouter imports useSyncExternalStore from the `use-sync-external-store` shim (for React < 18); React 19 has it,
// so the console's build points the shim here (vite.config.ts; issue 21: 0.2 KiB gzip on every first screen).
export { useSyncExternalStore } from 'react';

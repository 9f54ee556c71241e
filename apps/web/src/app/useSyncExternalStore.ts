// wouter imports useSyncExternalStore from the `use-sync-external-store` shim (for React < 18); React 19 has it,
// so the console's build points the shim here (vite.config.ts).
export { useSyncExternalStore } from 'react';

import { z } from 'zod';
import { maskSettingsDumpSecrets } from '../device/settings-dump-secrets';
import type { RelayableRouteName } from './access';

// design.md Round 3 classes reads and writes; a read whose answer holds a device secret is a third case: a viewer
// gets it with the secret masked, operators and owners in full. The secret of a settings dump is the Wi-Fi
// password, which a viewer cannot read with `getWiFi`, `exportSettings` or the backup archive either.

/** How each secret-holding read route is masked: one dump record, or a list of them. */
export const RELAY_SECRET_READS = {
  'gateway.devices.settings.list': 'dumps',
  'gateway.devices.settings.get': 'dump',
  'gateway.backups.versions': 'dumps',
} as const satisfies Partial<Record<RelayableRouteName, 'dump' | 'dumps'>>;

export type SecretReadRoute = keyof typeof RELAY_SECRET_READS;

export function isSecretRead(route: string): route is SecretReadRoute {
  return Object.hasOwn(RELAY_SECRET_READS, route);
}

/** What masking needs of a dump record (SettingsDumpRecord); its other fields pass as they are. */
const DumpHolder = z.looseObject({ dump: z.string() });
type DumpHolder = z.infer<typeof DumpHolder>;

/** A dump record as a viewer sees it: the Wi-Fi password masked, and marked so. */
export function maskDumpRecord<R extends DumpHolder>(record: R): R & { secretsMasked: true } {
  return { ...record, dump: maskSettingsDumpSecrets(record.dump), secretsMasked: true };
}

/**
 * A secret-holding route's answer (its JSON text) with the secrets masked, or null when the answer is not the
 * route's shape (the caller must then refuse rather than pass it on).
 */
export function maskSecretAnswer(route: SecretReadRoute, text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (RELAY_SECRET_READS[route] === 'dump') {
    const one = DumpHolder.safeParse(json);
    return one.success ? JSON.stringify(maskDumpRecord(one.data)) : null;
  }
  const list = DumpHolder.array().safeParse(json);
  return list.success ? JSON.stringify(list.data.map(maskDumpRecord)) : null;
}

import type { Firmware, OtaProgressMessage, OtaTask, OtaUploadStatus, OtaVerdict } from '@st/protocol';

export interface FirmwareGroup {
  type: string;
  versions: { version: string; firmwares: Firmware[] }[];
}

/** Saved firmwares as the original's tree: type, then version (newest first), then board. */
export function groupFirmwares(list: readonly Firmware[]): FirmwareGroup[] {
  const byType = new Map<string, Map<string, Firmware[]>>();
  for (const f of list) {
    const versions = byType.get(f.type) ?? new Map<string, Firmware[]>();
    byType.set(f.type, versions);
    versions.set(f.version, [...(versions.get(f.version) ?? []), f]);
  }
  const newestFirst = (a: string, b: string) => b.localeCompare(a, undefined, { numeric: true });
  return [...byType.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, versions]) => ({
      type,
      versions: [...versions.entries()]
        .sort(([a], [b]) => newestFirst(a, b))
        .map(([version, firmwares]) => ({
          version,
          firmwares: [...firmwares].sort((a, b) => a.board.localeCompare(b.board)),
        })),
    }));
}

/** A task with a live message applied (messages can arrive before or after the next poll). */
export function applyProgress(task: OtaTask, message: OtaProgressMessage): OtaTask {
  return {
    ...task,
    status: message.status,
    progress: message.progress ?? task.progress,
    ...(message.error === undefined ? {} : { error: message.error }),
    ...(message.verdict === undefined ? {} : { verdict: message.verdict }),
  };
}

/** The message key and values that word a verdict (`ota.verdict.*`): what the device reports once back. */
export function verdictMessage(verdict: OtaVerdict): {
  key: `ota.verdict.${OtaVerdict['outcome']}`;
  values: { version: string; firmwareVersion: string };
} {
  return {
    key: `ota.verdict.${verdict.outcome}`,
    values: { version: verdict.reported ?? '', firmwareVersion: verdict.label },
  };
}

export type StatusTone = 'gray' | 'blue' | 'green' | 'red' | 'orange';

/** How a status looks: waiting, working, done, failed or aborted. */
export function statusTone(status: OtaUploadStatus): StatusTone {
  switch (status) {
    case 'FINISHED':
      return 'green';
    case 'INVITATION_FAILED':
    case 'FIRMWARE_TRANSFER_FAILED':
      return 'red';
    case 'ABORTED':
      return 'orange';
    case 'STARTED':
      return 'gray';
    default:
      return 'blue';
  }
}

/** Human-readable size: bytes, KB or MB, with the number written for `locale` (2.00 MB, 2,00 MB). */
export function formatSize(bytes: number, locale = 'en'): string {
  const fixed = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      value,
    );
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${fixed(bytes / 1024, 1)} KB`;
  return `${fixed(bytes / (1024 * 1024), 2)} MB`;
}

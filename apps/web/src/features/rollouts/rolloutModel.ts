import {
  isRolloutFailure,
  type Rollout,
  type RolloutDeviceState,
  type RolloutProgressMessage,
  type RolloutSummary,
  type RolloutWave,
} from '@st/protocol';

/**
 * The waves as a person writes them: comma-separated, each a device count ("1"), a percent ("10%") or the
 * rest ("rest"). Undefined when one does not read.
 */
export function parseWaves(text: string): RolloutWave[] | undefined {
  const parts = text
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== '');
  if (parts.length === 0) return undefined;
  const waves: RolloutWave[] = [];
  for (const part of parts) {
    if (part === 'rest') waves.push({});
    else if (/^\d+$/.test(part) && Number(part) >= 1) waves.push({ count: Number(part) });
    else if (/^\d+(\.\d+)?\s*%$/.test(part)) {
      const percent = Number.parseFloat(part);
      if (!(percent > 0 && percent <= 100)) return undefined;
      waves.push({ percent });
    } else return undefined;
  }
  return waves;
}

/** The waves written back as text (parseWaves' input). */
export const formatWaves = (waves: readonly RolloutWave[]): string =>
  waves
    .map((w) =>
      w.count !== undefined ? String(w.count) : w.percent !== undefined ? `${w.percent}%` : 'rest',
    )
    .join(', ');

/** Devices that failed (counted against the failure limit) in a set of counts. */
export const failedCount = (counts: Partial<Record<RolloutDeviceState, number>>): number =>
  Object.entries(counts).reduce(
    (sum, [state, n]) => sum + (isRolloutFailure(state as RolloutDeviceState) ? (n ?? 0) : 0),
    0,
  );

/** A rollout still moving (or able to, once resumed). */
export const isActiveRollout = (r: Pick<RolloutSummary, 'state'>) =>
  r.state === 'RUNNING' || r.state === 'PAUSED';

/** The list with a live message's summary in place (a new rollout goes first: the list is newest first). */
export function applyToList(
  list: readonly RolloutSummary[] | undefined,
  message: RolloutProgressMessage,
): RolloutSummary[] | undefined {
  if (list === undefined) return undefined;
  const at = list.findIndex((r) => r.id === message.rollout.id);
  if (at < 0) return [message.rollout, ...list];
  return list.map((r, i) => (i === at ? message.rollout : r));
}

/** One rollout with a live message applied: its summary fields, and the devices that changed. */
export function applyToRollout(
  rollout: Rollout | undefined,
  message: RolloutProgressMessage,
): Rollout | undefined {
  if (rollout === undefined || rollout.id !== message.rollout.id) return rollout;
  const { counts: _counts, ...summary } = message.rollout;
  const changed = new Map(message.devices.map((d) => [d.ip, d]));
  const devices = rollout.devices.map((d) => changed.get(d.ip) ?? d);
  for (const d of message.devices) if (!rollout.devices.some((o) => o.ip === d.ip)) devices.push(d);
  return { ...rollout, ...summary, devices };
}

/** The kit colour of a device's state. */
export function deviceTone(state: RolloutDeviceState): 'green' | 'red' | 'blue' | 'gray' | 'yellow' {
  if (state === 'UPDATED') return 'green';
  if (isRolloutFailure(state)) return 'red';
  if (state === 'UPLOADING' || state === 'SOAKING') return 'blue';
  if (state === 'WAITING' || state === 'EXPIRED') return 'yellow';
  return 'gray';
}

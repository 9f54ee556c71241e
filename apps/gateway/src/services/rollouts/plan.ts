import {
  type DeviceInfo,
  type Firmware,
  type RolloutCreate,
  type RolloutSettings,
  type RolloutTarget,
  type RolloutWindow,
  rolloutFailureLimit,
  rolloutSettingsOf,
  rolloutSkipReason,
  rolloutWaveSizes,
} from '@st/protocol';

// The pure part of a rollout: which devices a target takes (and why others are skipped), the size of each
// wave, its failure limit, and whether a time is inside the rollout's window.

export interface Candidate {
  readonly device: DeviceInfo;
  /** why it is not updated; undefined: it takes the firmware */
  readonly skip?: string;
}

/** Settings with every default filled in. */
export const settingsOf = (input: RolloutCreate): RolloutSettings => rolloutSettingsOf(input);

/** The devices a target names, each with its skip reason if the firmware is not for it. */
export function candidates(
  target: RolloutTarget,
  firmware: Firmware,
  known: readonly DeviceInfo[],
  hasTag: (ip: string, tag: string) => boolean,
): Candidate[] {
  let picked: DeviceInfo[];
  if (target.kind === 'devices') {
    const byIp = new Map(known.map((d) => [d.ip, d]));
    picked = [...new Set(target.ips)].flatMap((ip) => {
      const d = byIp.get(ip);
      return d ? [d] : [];
    });
  } else if (target.kind === 'typeBoard') {
    picked = known.filter((d) => d.type === target.type && d.board === target.board);
  } else {
    picked = known.filter((d) => hasTag(d.ip, target.tag));
  }
  return picked.map((device) => {
    const skip = rolloutSkipReason(device, firmware);
    return skip ? { device, skip } : { device };
  });
}

export {
  rolloutFailureLimit as failureLimit,
  rolloutSkipReason as skipReason,
  rolloutWaveSizes as waveSizes,
};

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` (epoch ms) is inside the window, in the gateway's local time; no window: always. */
export function inWindow(window: RolloutWindow | undefined, at: number): boolean {
  if (!window) return true;
  const d = new Date(at);
  const now = d.getHours() * 60 + d.getMinutes();
  const start = minutes(window.start);
  const end = minutes(window.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

import {
  type DeviceInfo,
  type Firmware,
  ROLLOUT_DEFAULTS,
  type RolloutCreate,
  type RolloutSettings,
  type RolloutTarget,
  type RolloutWave,
  type RolloutWindow,
} from '@st/protocol';

// The pure part of a rollout: which devices a target takes (and why others are skipped), the size of each
// wave, its failure limit, and whether a time is inside the rollout's window.

export interface Candidate {
  readonly device: DeviceInfo;
  /** why it is not updated; undefined: it takes the firmware */
  readonly skip?: string;
}

/** Settings with every default filled in. */
export function settingsOf(input: RolloutCreate): RolloutSettings {
  return {
    waves: input.waves ?? ROLLOUT_DEFAULTS.waves.map((w) => ({ ...w })),
    concurrency: input.concurrency ?? ROLLOUT_DEFAULTS.concurrency,
    ...(input.window ? { window: input.window } : {}),
    soakMs: input.soakMs ?? ROLLOUT_DEFAULTS.soakMs,
    backWithinMs: input.backWithinMs ?? ROLLOUT_DEFAULTS.backWithinMs,
    lifetimeMs: input.lifetimeMs ?? ROLLOUT_DEFAULTS.lifetimeMs,
    failureLimit: { ...ROLLOUT_DEFAULTS.failureLimit, ...input.failureLimit },
  };
}

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
    const skip = skipReason(device, firmware);
    return skip ? { device, skip } : { device };
  });
}

/** Why this firmware is not for this device now (board, type, already on it); undefined: it is. */
export function skipReason(
  device: DeviceInfo,
  firmware: { readonly board: string; readonly type: string; readonly version: string },
): string | undefined {
  if (device.board !== firmware.board) return `board ${device.board}: the firmware is for ${firmware.board}`;
  if (device.type !== firmware.type) return `type ${device.type}: the firmware is for ${firmware.type}`;
  if (device.version !== undefined && device.version === firmware.version)
    return `already on ${firmware.version}`;
  return undefined;
}

/**
 * How many devices each wave takes: `count`, or `percent` of all (rounded up, at least 1), the last wave the
 * rest. Waves left empty at the end are dropped (a rollout of 1 device has 1 wave).
 */
export function waveSizes(waves: readonly RolloutWave[], total: number): number[] {
  const sizes: number[] = [];
  let left = total;
  waves.forEach((w, i) => {
    const last = i === waves.length - 1;
    let size = left;
    if (!last && w.count !== undefined) size = w.count;
    else if (!last && w.percent !== undefined) size = Math.max(1, Math.ceil((w.percent / 100) * total));
    else if (!last) size = left;
    size = Math.min(size, left);
    sizes.push(size);
    left -= size;
  });
  while (sizes.length > 1 && sizes[sizes.length - 1] === 0) sizes.pop();
  return sizes;
}

/** Failed devices in a wave that pause the rollout: a count in the first wave, a percent later (at least 1). */
export function failureLimit(settings: RolloutSettings, wave: number, size: number): number {
  if (wave === 0) return settings.failureLimit.firstWave;
  return Math.max(1, Math.ceil((settings.failureLimit.laterPercent / 100) * size));
}

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

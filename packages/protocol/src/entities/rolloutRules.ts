import { ROLLOUT_DEFAULTS, type RolloutCreate, type RolloutSettings, type RolloutWave } from './rollouts';

// Rollout rules shared by the gateway's engine and the cloud's rollouts across gateways: defaults, wave sizes,
// failure limits and why a device is skipped. Pure functions.

/** Settings with every default filled in. */
export function rolloutSettingsOf(input: Omit<RolloutCreate, 'firmwareId' | 'target'>): RolloutSettings {
  return {
    waves: input.waves ?? ROLLOUT_DEFAULTS.waves.map((w) => ({ ...w })),
    concurrency: input.concurrency ?? ROLLOUT_DEFAULTS.concurrency,
    ...(input.window ? { window: input.window } : {}),
    soakMs: input.soakMs ?? ROLLOUT_DEFAULTS.soakMs,
    backWithinMs: input.backWithinMs ?? ROLLOUT_DEFAULTS.backWithinMs,
    lifetimeMs: input.lifetimeMs ?? ROLLOUT_DEFAULTS.lifetimeMs,
    failureLimit: { ...ROLLOUT_DEFAULTS.failureLimit, ...input.failureLimit },
    ...(input.quiet ? { quiet: true } : {}),
  };
}

/** Why this firmware is not for this device now (board, type, already on it); undefined: it is. */
export function rolloutSkipReason(
  device: { readonly board: string; readonly type: string; readonly version?: string | undefined },
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
export function rolloutWaveSizes(waves: readonly RolloutWave[], total: number): number[] {
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
export function rolloutFailureLimit(settings: RolloutSettings, wave: number, size: number): number {
  if (wave === 0) return settings.failureLimit.firstWave;
  return Math.max(1, Math.ceil((settings.failureLimit.laterPercent / 100) * size));
}

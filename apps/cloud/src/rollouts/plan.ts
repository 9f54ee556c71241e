import {
  type CloudRolloutFirmware,
  type CloudRolloutTarget,
  isRolloutDeviceOver,
  isRolloutFailure,
  type RolloutDevice,
  type RolloutDeviceState,
  type RolloutSettings,
  type RolloutWaveSummary,
  rolloutFailureLimit,
  rolloutSkipReason,
  rolloutWaveSizes,
} from '@st/protocol';
import type { KnownDevice } from './gatewayCalls';

// The pure part of a rollout across gateways: which devices of a gateway the target takes, how they are spread
// over waves counted over every gateway, and what each wave's gate sees.

export type Counts = Partial<Record<RolloutDeviceState, number>>;

/** A device's first entry in the cloud's plan: PENDING in its wave, or SKIPPED with the reason. */
export function planned(d: KnownDevice, wave: number, now: string, skip?: string): RolloutDevice {
  return {
    ip: d.ip,
    name: d.name,
    type: d.type,
    board: d.board,
    ...(d.version !== undefined ? { fromVersion: d.version } : {}),
    wave,
    state: skip ? 'SKIPPED' : 'PENDING',
    ...(skip ? { detail: skip } : {}),
    attempts: 0,
    updatedAt: now,
  };
}

/** The devices of one gateway the target takes (with the skip reason of those the firmware is not for). */
export function matching(
  target: CloudRolloutTarget,
  gatewayId: string,
  known: readonly KnownDevice[],
  firmware: CloudRolloutFirmware,
): Array<{ device: KnownDevice; skip?: string }> {
  let picked: KnownDevice[];
  if (target.kind === 'devices') {
    const wanted = new Set(target.devices.filter((d) => d.gatewayId === gatewayId).map((d) => d.ip));
    const byIp = new Map(known.map((d) => [d.ip, d]));
    picked = [...wanted].map(
      (ip) => byIp.get(ip) ?? { ip, name: ip, type: firmware.type, board: firmware.board, tags: [] },
    );
  } else if (target.kind === 'typeBoard') {
    picked = known.filter((d) => d.type === target.type && d.board === target.board);
  } else picked = known.filter((d) => d.tags.includes(target.tag));
  return picked.map((device) => {
    const skip = rolloutSkipReason(device, firmware);
    return skip ? { device, skip } : { device };
  });
}

/**
 * Spreads every gateway's devices over the waves, taking them in turn from each gateway (a wave touches as
 * many sites as it can), so each wave's size is counted over all devices. Returns the wave of each device,
 * per gateway, in the order given.
 */
export function assignWaves(
  perGateway: readonly (readonly unknown[])[],
  settings: RolloutSettings,
): number[][] {
  const order: Array<[number, number]> = [];
  const longest = Math.max(0, ...perGateway.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    perGateway.forEach((list, g) => {
      if (i < list.length) order.push([g, i]);
    });
  }
  const sizes = rolloutWaveSizes(settings.waves, order.length);
  const waves = perGateway.map((l) => l.map(() => 0));
  let wave = 0;
  let taken = 0;
  for (const [g, i] of order) {
    while (wave < sizes.length - 1 && taken >= (sizes[wave] ?? 0)) {
      wave++;
      taken = 0;
    }
    const row = waves[g];
    if (row) row[i] = wave;
    taken++;
  }
  return waves;
}

export function countStates(devices: readonly RolloutDevice[]): Counts {
  const counts: Counts = {};
  for (const d of devices) counts[d.state] = (counts[d.state] ?? 0) + 1;
  return counts;
}

/** A wave's devices that count (skipped ones were never in it). */
export const inWave = (devices: readonly RolloutDevice[], wave: number) =>
  devices.filter((d) => d.wave === wave && d.state !== 'SKIPPED');

export function waveSummaries(
  devices: readonly RolloutDevice[],
  settings: RolloutSettings,
  waveCount: number,
): RolloutWaveSummary[] {
  return Array.from({ length: waveCount }, (_, index) => {
    const wave = inWave(devices, index);
    return {
      index,
      size: wave.length,
      concurrency: settings.waves[index]?.concurrency ?? settings.concurrency,
      failureLimit: rolloutFailureLimit(settings, index, wave.length),
      counts: countStates(wave),
    };
  });
}

export const failuresOf = (devices: readonly RolloutDevice[]) =>
  devices.filter((d) => isRolloutFailure(d.state)).length;

/** Nothing more will happen to it in this wave's gate: over, or away (queued on its gateway). */
export const settled = (d: RolloutDevice) => isRolloutDeviceOver(d.state) || d.state === 'WAITING';

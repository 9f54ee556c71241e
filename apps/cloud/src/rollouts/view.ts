import type { CloudRollout, CloudRolloutSummary } from '@st/protocol';
import { countStates, waveSummaries } from './plan';
import type { PartRow, RolloutRow } from './store';

/** A rollout as the list shows it: counts over every gateway's devices. */
export function rolloutSummary(row: RolloutRow, parts: readonly PartRow[]): CloudRolloutSummary {
  const devices = parts.flatMap((p) => p.devices);
  return {
    id: row.id,
    name: row.name,
    createdBy: row.createdByLogin,
    firmware: row.spec.firmware,
    target: row.spec.target,
    settings: row.spec.settings,
    state: row.state,
    currentWave: row.currentWave,
    ...(row.reason ? { reason: row.reason } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.finishedAt ? { finishedAt: row.finishedAt } : {}),
    expiresAt: row.expiresAt,
    waves: waveSummaries(devices, row.spec.settings, row.spec.waveCount),
    counts: countStates(devices),
    gatewayIds: row.spec.gatewayIds,
  };
}

/** The rollout with every gateway's progress: its state, firmware sends, parts and per-device verdicts. */
export function rolloutView(
  row: RolloutRow,
  parts: readonly PartRow[],
  online: ReadonlySet<string>,
  names: ReadonlyMap<string, string>,
): CloudRollout {
  return {
    ...rolloutSummary(row, parts),
    gateways: parts.map((p) => ({
      gatewayId: p.gatewayId,
      name: names.get(p.gatewayId) ?? p.gatewayId,
      online: online.has(p.gatewayId),
      state: p.state,
      ...(p.firmwareId ? { firmwareId: p.firmwareId } : {}),
      firmwareSends: p.firmwareSends,
      parts: p.parts,
      behind:
        p.state === 'PLANNING' ||
        p.devices.some((d) => d.state === 'PENDING' && d.wave <= row.currentWave && row.state === 'RUNNING'),
      devices: p.devices,
    })),
  };
}

import { type RolloutDeviceStates, type RolloutProgressMessage, rolloutDeviceEntry } from '@st/protocol';

/**
 * The overview's map of devices in running or paused rollouts, moved by one `/rollouts` message. Answers
 * undefined when the map cannot be patched (a rollout it does not know): read it again then.
 */
export function applyToDeviceStates(
  map: RolloutDeviceStates,
  { rollout, devices }: RolloutProgressMessage,
): RolloutDeviceStates | undefined {
  const next: RolloutDeviceStates = {};
  const active = rollout.state === 'RUNNING' || rollout.state === 'PAUSED';
  let known = false;
  for (const [ip, entry] of Object.entries(map)) {
    if (entry.rolloutId !== rollout.id) next[ip] = entry;
    else {
      known = true;
      if (active) next[ip] = { ...entry, rolloutState: rollout.state, rollout: rollout.name };
    }
  }
  if (!active) return next;
  if (!known) return undefined;
  for (const d of devices) {
    const held = next[d.ip];
    if (held && held.rolloutId !== rollout.id) continue;
    if (d.state === 'SKIPPED' || d.state === 'CANCELLED') {
      delete next[d.ip];
      continue;
    }
    next[d.ip] = rolloutDeviceEntry(rollout, d);
  }
  return next;
}

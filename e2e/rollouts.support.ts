// Helpers of the rollout specs (issue 37): calls straight on the system's gateway.
import { RolloutSummary } from '@st/protocol';
import { system } from './env';

/** A JSON call straight on the system's gateway. */
export const gatewayCall = (path: string, init: RequestInit = {}) =>
  fetch(`${system.gatewayUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });

/** Cancels (when still running or paused) and removes the spec's rollouts. */
export async function removeRollouts(mine: (rollout: RolloutSummary) => boolean): Promise<void> {
  const list = RolloutSummary.array().parse(await (await gatewayCall('/api/rollouts')).json());
  for (const r of list.filter(mine)) {
    if (r.state === 'RUNNING' || r.state === 'PAUSED')
      await gatewayCall(`/api/rollouts/${r.id}/action`, {
        method: 'POST',
        body: JSON.stringify({ action: 'cancel' }),
      });
    await gatewayCall(`/api/rollouts/${r.id}`, { method: 'DELETE' });
  }
}

/**
 * Waits until no rollout runs on the system's gateway (steady for 3 s): rollouts other specs left to end by
 * themselves (a cloud rollout's parts among them) send their "finished" notifications as toasts, which would
 * cover the next spec's controls.
 */
export async function rolloutsQuiet(timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let quietSince: number | undefined;
  while (Date.now() < end) {
    const list = RolloutSummary.array().parse(await (await gatewayCall('/api/rollouts')).json());
    if (list.some((r) => r.state === 'RUNNING')) quietSince = undefined;
    else if (quietSince === undefined) quietSince = Date.now();
    else if (Date.now() - quietSince >= 3000) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`a rollout still runs on the system's gateway after ${timeoutMs} ms`);
}

/** Marks every notification on the system's gateway seen, so none comes up as a toast when a page opens. */
export async function notificationsSeen(): Promise<void> {
  const list = (await (await gatewayCall('/api/notification')).json()) as Array<{ id: string }>;
  for (const n of list)
    await gatewayCall(`/api/notification?id=${encodeURIComponent(n.id)}`, { method: 'DELETE' });
}

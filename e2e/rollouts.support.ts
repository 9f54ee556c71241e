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

import type { HookTemplates } from '@st/protocol';

/** `GET /hooks/templates?sensor=` for a sensor of this kind (device-protocol.md §4.4). */
export function hookTemplates(
  sensorKind: 'number' | 'text',
  actions: readonly { name: string; caption: string }[] | null,
): HookTemplates {
  const base: HookTemplates['default'] = {
    triggerEnabled: { required: false, type: 'checkbox' },
    trigger: { required: false, type: sensorKind === 'number' ? 'number' : 'text' },
  };
  if (sensorKind === 'number') base.threshold = { required: false, type: 'number' };
  base.compareType =
    sensorKind === 'number'
      ? { required: true, values: ['eq', 'neq', 'gte', 'lte'], default: 'eq' }
      : { required: true, values: ['eq', 'neq'], default: 'eq' };
  const out: HookTemplates = { default: base };
  if (actions)
    out.action = {
      action: { required: true, values: Object.fromEntries(actions.map((a) => [a.name, a.caption])) },
    };
  out.http = {
    url: { required: true },
    payload: { required: false },
    method: { required: true, values: { '1': 'GET', '2': 'POST', '3': 'PUT', '4': 'PATCH', '5': 'DELETE' } },
  };
  out.notification = {
    message: { required: true },
    notificationType: { values: { '1': 'info', '2': 'warning', '3': 'error' } },
  };
  return out;
}

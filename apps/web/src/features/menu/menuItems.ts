import type { ConsoleMode } from '../../app/runtime';

export const MENU_ITEMS = [
  'panel',
  'settings',
  'logs',
  'ota',
  'rollouts',
  'overview',
  'alerts',
  'integrations',
] as const;
export type MenuItem = (typeof MENU_ITEMS)[number];

/** The route of a menu entry: `/{gateway}/{item}` in cloud mode, `/{item}` in gateway mode. */
export function menuPath(
  mode: ConsoleMode,
  item: MenuItem,
  gatewayId: string | undefined,
): string | undefined {
  if (mode === 'gateway') return `/${item}`;
  return gatewayId === undefined ? undefined : `/${encodeURIComponent(gatewayId)}/${item}`;
}

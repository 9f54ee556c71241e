import { alertsFirstRu } from '../../features/alerts/messages';
import { cloudLinkFirstRu } from '../../features/cloud-link/messages';
import { devicesFirstRu } from '../../features/devices/messages';
import { fleetFirstRu } from '../../features/fleet/messages';
import { gatewayNameFirstRu } from '../../features/gateway-name/messages';
import { gatewaysSharedFirstRu } from '../../features/gateways/messages';
import { historyFirstRu } from '../../features/history/messages';
import { integrationsFirstRu } from '../../features/integrations/messages';
import { menuFirstRu } from '../../features/menu/messages';
import { preferencesFirstRu } from '../../features/preferences/messages';
import { securityFirstRu } from '../../features/security/messages';
import type { firstEn } from './en';

export const firstRu: Record<keyof typeof firstEn, string> = {
  ...menuFirstRu,
  ...preferencesFirstRu,
  ...historyFirstRu,
  ...integrationsFirstRu,
  ...alertsFirstRu,
  ...securityFirstRu,
  ...cloudLinkFirstRu,
  ...gatewayNameFirstRu,
  ...gatewaysSharedFirstRu,
  ...devicesFirstRu,
  ...fleetFirstRu,
};

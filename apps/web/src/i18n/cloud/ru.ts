import { accountsFirstRu } from '../../features/accounts/messages';
import { alertsFirstRu } from '../../features/alerts/messages';
import { devicesFirstRu } from '../../features/devices/messages';
import { fleetFirstRu } from '../../features/fleet/messages';
import { gatewaysFirstRu, gatewaysSharedFirstRu } from '../../features/gateways/messages';
import { historyFirstRu } from '../../features/history/messages';
import { integrationsFirstRu } from '../../features/integrations/messages';
import { menuFirstRu } from '../../features/menu/messages';
import { preferencesFirstRu } from '../../features/preferences/messages';
import type { cloudFirstEn, cloudOwnFirstEn } from './en';

export const cloudOwnFirstRu: Record<keyof typeof cloudOwnFirstEn, string> = {
  ...gatewaysFirstRu,
  ...accountsFirstRu,
};

export const cloudFirstRu: Record<keyof typeof cloudFirstEn, string> = {
  ...menuFirstRu,
  ...preferencesFirstRu,
  ...historyFirstRu,
  ...integrationsFirstRu,
  ...alertsFirstRu,
  ...gatewaysSharedFirstRu,
  ...devicesFirstRu,
  ...fleetFirstRu,
  ...cloudOwnFirstRu,
};

import { accountsFirstEn } from '../../features/accounts/messages';
import { alertsFirstEn } from '../../features/alerts/messages';
import { devicesFirstEn } from '../../features/devices/messages';
import { fleetFirstEn } from '../../features/fleet/messages';
import { gatewaysFirstEn, gatewaysSharedFirstEn } from '../../features/gateways/messages';
import { historyFirstEn } from '../../features/history/messages';
import { integrationsFirstEn } from '../../features/integrations/messages';
import { menuFirstEn } from '../../features/menu/messages';
import { preferencesFirstEn } from '../../features/preferences/messages';

// The first part of the catalog for cloud mode (issue 21), the one file a cloud-mode page loads instead of
// ../first: ../first's texts but the gateway's own header widgets' (lock, cloud link, local name), and what
// only cloud mode's first screens show (the gateway list, its role badges: cloudOwnFirstEn). A gateway's
// console never downloads cloud mode's own texts (0.6 KiB gzip on its device list), nor a cloud page the
// gateway's. first.test.ts walks each mode's first screens for the keys they name.
export const cloudOwnFirstEn = {
  ...gatewaysFirstEn,
  ...accountsFirstEn,
} as const;

export const cloudFirstEn = {
  ...menuFirstEn,
  ...preferencesFirstEn,
  ...historyFirstEn,
  ...integrationsFirstEn,
  ...alertsFirstEn,
  ...gatewaysSharedFirstEn,
  ...devicesFirstEn,
  ...fleetFirstEn,
  ...cloudOwnFirstEn,
} as const;

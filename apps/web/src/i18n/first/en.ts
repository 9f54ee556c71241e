import { alertsFirstEn } from '../../features/alerts/messages';
import { cloudLinkFirstEn } from '../../features/cloud-link/messages';
import { devicesFirstEn } from '../../features/devices/messages';
import { fleetFirstEn } from '../../features/fleet/messages';
import { gatewayNameFirstEn } from '../../features/gateway-name/messages';
import { gatewaysSharedFirstEn } from '../../features/gateways/messages';
import { historyFirstEn } from '../../features/history/messages';
import { integrationsFirstEn } from '../../features/integrations/messages';
import { menuFirstEn } from '../../features/menu/messages';
import { preferencesFirstEn } from '../../features/preferences/messages';
import { securityFirstEn } from '../../features/security/messages';

// The first part of the routed console's catalog (issue 21): what the first screen of either mode shows
// beside the start-up texts (../start): the header with its menu and widgets, the device list with its
// search panel, their toasts (cloud mode's gateway list is in ../cloud, loaded with it). ConsoleCatalog
// (../index.ts) waits for it; the rest (../rest) loads once the first screen is up, and every lazily loaded
// screen, dialog and panel waits for the rest (lazyWithTexts). first.test.ts walks the first screens' code
// for the keys it names.
export const firstEn = {
  ...menuFirstEn,
  ...preferencesFirstEn,
  ...historyFirstEn,
  ...integrationsFirstEn,
  ...alertsFirstEn,
  ...securityFirstEn,
  ...cloudLinkFirstEn,
  ...gatewayNameFirstEn,
  ...gatewaysSharedFirstEn,
  ...devicesFirstEn,
  ...fleetFirstEn,
} as const;

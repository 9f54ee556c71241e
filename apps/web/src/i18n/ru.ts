import { accountSecurityLinkRu, accountSecurityRu } from '../features/account-security/messages';
import { accountsFirstRu, accountsRu } from '../features/accounts/messages';
import { alertsFirstRu, alertsRu } from '../features/alerts/messages';
import { authRu } from '../features/auth/messages';
import { backupsRu } from '../features/backups/messages';
import { buildInfoRu } from '../features/build-info/messages';
import { cloudFleetRu } from '../features/cloud-fleet/messages';
import { cloudLinkFirstRu, cloudLinkRu } from '../features/cloud-link/messages';
import { cloudRolloutsRu } from '../features/cloud-rollouts/messages';
import { cloudRolloutsFirstRu } from '../features/cloud-rollouts/messagesFirst';
import { deliveryRu } from '../features/delivery/messages';
import { devicesFirstRu, devicesRu } from '../features/devices/messages';
import { fleetFirstRu, fleetRu } from '../features/fleet/messages';
import { gatewayNameFirstRu, gatewayNameRu } from '../features/gateway-name/messages';
import { gatewaysFirstRu, gatewaysRu, gatewaysSharedFirstRu } from '../features/gateways/messages';
import { historyFirstRu, historyRu } from '../features/history/messages';
import { integrationsFirstRu, integrationsRu } from '../features/integrations/messages';
import { liveStateRu } from '../features/live-state/messages';
import { logsRu } from '../features/logs/messages';
import { menuFirstRu } from '../features/menu/messages';
import { notificationsRu } from '../features/notifications/messages';
import { otaRu } from '../features/ota/messages';
import { preferencesFirstRu } from '../features/preferences/messages';
import { rolloutsFirstRu, rolloutsRu } from '../features/rollouts/messages';
import { securityFirstRu, securityRu } from '../features/security/messages';
import { settingsDumpsRu } from '../features/settings-dumps/messages';
import { tagsRu } from '../features/tags/messages';
import { commonRu } from './common';
import type { en } from './en';
import type { RuTexts } from './types';

// The whole Russian catalog (see ./en.ts): for tests only.
export const ru: RuTexts<typeof en> = {
  ...commonRu,
  ...accountSecurityLinkRu,
  ...accountSecurityRu,
  ...accountsFirstRu,
  ...accountsRu,
  ...alertsFirstRu,
  ...alertsRu,
  ...authRu,
  ...backupsRu,
  ...buildInfoRu,
  ...cloudLinkFirstRu,
  ...cloudLinkRu,
  ...cloudFleetRu,
  ...cloudRolloutsFirstRu,
  ...cloudRolloutsRu,
  ...deliveryRu,
  ...devicesFirstRu,
  ...devicesRu,
  ...fleetFirstRu,
  ...fleetRu,
  ...gatewayNameFirstRu,
  ...gatewayNameRu,
  ...gatewaysSharedFirstRu,
  ...gatewaysFirstRu,
  ...gatewaysRu,
  ...historyFirstRu,
  ...historyRu,
  ...liveStateRu,
  ...integrationsFirstRu,
  ...integrationsRu,
  ...logsRu,
  ...menuFirstRu,
  ...notificationsRu,
  ...otaRu,
  ...preferencesFirstRu,
  ...rolloutsFirstRu,
  ...rolloutsRu,
  ...securityFirstRu,
  ...securityRu,
  ...settingsDumpsRu,
  ...tagsRu,
};

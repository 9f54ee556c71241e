import { accountSecurityEn, accountSecurityLinkEn } from '../features/account-security/messages';
import { accountsEn, accountsFirstEn } from '../features/accounts/messages';
import { alertsEn, alertsFirstEn } from '../features/alerts/messages';
import { authEn } from '../features/auth/messages';
import { backupsEn } from '../features/backups/messages';
import { buildInfoEn } from '../features/build-info/messages';
import { cloudFleetEn } from '../features/cloud-fleet/messages';
import { cloudLinkEn, cloudLinkFirstEn } from '../features/cloud-link/messages';
import { cloudRolloutsEn } from '../features/cloud-rollouts/messages';
import { cloudRolloutsFirstEn } from '../features/cloud-rollouts/messagesFirst';
import { deliveryEn } from '../features/delivery/messages';
import { devicesEn, devicesFirstEn } from '../features/devices/messages';
import { fleetEn, fleetFirstEn } from '../features/fleet/messages';
import { gatewayNameEn, gatewayNameFirstEn } from '../features/gateway-name/messages';
import { gatewaysEn, gatewaysFirstEn, gatewaysSharedFirstEn } from '../features/gateways/messages';
import { historyEn, historyFirstEn } from '../features/history/messages';
import { integrationsEn, integrationsFirstEn } from '../features/integrations/messages';
import { liveStateEn } from '../features/live-state/messages';
import { logsEn } from '../features/logs/messages';
import { menuFirstEn } from '../features/menu/messages';
import { notificationsEn } from '../features/notifications/messages';
import { otaEn } from '../features/ota/messages';
import { preferencesFirstEn } from '../features/preferences/messages';
import { rolloutsEn, rolloutsFirstEn } from '../features/rollouts/messages';
import { securityEn, securityFirstEn } from '../features/security/messages';
import { settingsDumpsEn } from '../features/settings-dumps/messages';
import { tagsEn } from '../features/tags/messages';
import { commonEn } from './common';

// The whole English catalog: the source of the message keys (i18next's types make `t('…')` accept only these;
// i18next.d.ts). Keys are flat (keySeparator is off: several keys are prefixes of others); interpolation uses
// {{name}}; a count is always `count`, in a plural set (`key_one`, `key_other`). At run time nothing loads this
// whole: each feature's screens add their feature's texts as they load (addTexts in ./index.ts). For types and
// tests only.
export const en = {
  ...commonEn,
  ...accountSecurityLinkEn,
  ...accountSecurityEn,
  ...accountsFirstEn,
  ...accountsEn,
  ...alertsFirstEn,
  ...alertsEn,
  ...authEn,
  ...backupsEn,
  ...buildInfoEn,
  ...cloudLinkFirstEn,
  ...cloudLinkEn,
  ...cloudFleetEn,
  ...cloudRolloutsFirstEn,
  ...cloudRolloutsEn,
  ...deliveryEn,
  ...devicesFirstEn,
  ...devicesEn,
  ...fleetFirstEn,
  ...fleetEn,
  ...gatewayNameFirstEn,
  ...gatewayNameEn,
  ...gatewaysSharedFirstEn,
  ...gatewaysFirstEn,
  ...gatewaysEn,
  ...historyFirstEn,
  ...historyEn,
  ...liveStateEn,
  ...integrationsFirstEn,
  ...integrationsEn,
  ...logsEn,
  ...menuFirstEn,
  ...notificationsEn,
  ...otaEn,
  ...preferencesFirstEn,
  ...rolloutsFirstEn,
  ...rolloutsEn,
  ...securityFirstEn,
  ...securityEn,
  ...settingsDumpsEn,
  ...tagsEn,
} as const;

export type MessageKey = keyof typeof en;

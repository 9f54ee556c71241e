import { accountsEn } from '../features/accounts/messages';
import { alertsEn } from '../features/alerts/messages';
import { backupsEn } from '../features/backups/messages';
import { buildInfoEn } from '../features/build-info/messages';
import { cloudLinkEn } from '../features/cloud-link/messages';
import { devicesEn } from '../features/devices/messages';
import { fleetEn } from '../features/fleet/messages';
import { gatewayNameEn } from '../features/gateway-name/messages';
import { gatewaysEn } from '../features/gateways/messages';
import { historyEn } from '../features/history/messages';
import { integrationsEn } from '../features/integrations/messages';
import { logsEn } from '../features/logs/messages';
import { menuEn } from '../features/menu/messages';
import { otaEn } from '../features/ota/messages';
import { preferencesEn } from '../features/preferences/messages';
import { securityEn } from '../features/security/messages';
import { settingsDumpsEn } from '../features/settings-dumps/messages';
import { startEn } from './start/en';

// The English catalog is the source of the message keys: every other catalog is typed from it, and
// i18next's types make `t('…')` accept only these keys. Keys are flat (keySeparator is off), because
// several keys are prefixes of others. Interpolation uses {{name}}.
export const en = {
  ...startEn,
  ...securityEn,
  ...otaEn,
  ...backupsEn,
  ...integrationsEn,
  ...accountsEn,
  ...alertsEn,
  ...historyEn,
  ...devicesEn,
  ...settingsDumpsEn,
  ...fleetEn,
  ...gatewayNameEn,
  ...gatewaysEn,
  ...preferencesEn,
  ...menuEn,
  ...buildInfoEn,
  ...cloudLinkEn,
  ...logsEn,
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

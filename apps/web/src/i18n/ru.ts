import { accountsRu } from '../features/accounts/messages';
import { alertsRu } from '../features/alerts/messages';
import { backupsRu } from '../features/backups/messages';
import { buildInfoRu } from '../features/build-info/messages';
import { cloudLinkRu } from '../features/cloud-link/messages';
import { devicesRu } from '../features/devices/messages';
import { fleetRu } from '../features/fleet/messages';
import { gatewayNameRu } from '../features/gateway-name/messages';
import { gatewaysRu } from '../features/gateways/messages';
import { historyRu } from '../features/history/messages';
import { integrationsRu } from '../features/integrations/messages';
import { logsRu } from '../features/logs/messages';
import { menuRu } from '../features/menu/messages';
import { otaRu } from '../features/ota/messages';
import { preferencesRu } from '../features/preferences/messages';
import { securityRu } from '../features/security/messages';
import { settingsDumpsRu } from '../features/settings-dumps/messages';
import type { Catalog } from './en';
import { startRu } from './start/ru';

export const ru: Catalog = {
  ...startRu,
  ...securityRu,
  ...otaRu,
  ...backupsRu,
  ...integrationsRu,
  ...accountsRu,
  ...alertsRu,
  ...historyRu,
  ...devicesRu,
  ...settingsDumpsRu,
  ...fleetRu,
  ...gatewayNameRu,
  ...gatewaysRu,
  ...preferencesRu,
  ...menuRu,
  ...buildInfoRu,
  ...cloudLinkRu,
  ...logsRu,
};

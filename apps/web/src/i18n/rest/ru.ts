import { accountsRu } from '../../features/accounts/messages';
import { alertsRu } from '../../features/alerts/messages';
import { backupsRu } from '../../features/backups/messages';
import { buildInfoRu } from '../../features/build-info/messages';
import { cloudLinkRu } from '../../features/cloud-link/messages';
import { devicesRu } from '../../features/devices/messages';
import { fleetRu } from '../../features/fleet/messages';
import { gatewayNameRu } from '../../features/gateway-name/messages';
import { gatewaysRu } from '../../features/gateways/messages';
import { historyRu } from '../../features/history/messages';
import { integrationsRu } from '../../features/integrations/messages';
import { logsRu } from '../../features/logs/messages';
import { otaRu } from '../../features/ota/messages';
import { securityRu } from '../../features/security/messages';
import { settingsDumpsRu } from '../../features/settings-dumps/messages';
import type { restEn } from './en';

export const restRu: Record<keyof typeof restEn, string> = {
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
  ...buildInfoRu,
  ...cloudLinkRu,
  ...logsRu,
};

import { accountsEn } from '../../features/accounts/messages';
import { alertsEn } from '../../features/alerts/messages';
import { backupsEn } from '../../features/backups/messages';
import { buildInfoEn } from '../../features/build-info/messages';
import { cloudLinkEn } from '../../features/cloud-link/messages';
import { devicesEn } from '../../features/devices/messages';
import { fleetEn } from '../../features/fleet/messages';
import { gatewayNameEn } from '../../features/gateway-name/messages';
import { gatewaysEn } from '../../features/gateways/messages';
import { historyEn } from '../../features/history/messages';
import { integrationsEn } from '../../features/integrations/messages';
import { logsEn } from '../../features/logs/messages';
import { otaEn } from '../../features/ota/messages';
import { securityEn } from '../../features/security/messages';
import { settingsDumpsEn } from '../../features/settings-dumps/messages';

// The rest of the routed console's catalog (issue 21): the device panel's texts, the other screens', every
// dialog's. Loaded on demand, by the first screen, dialog or panel
// opened that needs it (lazyWithTexts: none of them renders before it is in); a first screen never downloads it.
export const restEn = {
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
  ...buildInfoEn,
  ...cloudLinkEn,
  ...logsEn,
} as const;

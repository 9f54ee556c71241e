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
// dialog's. Loaded once the first screen is up (useCatalogRestWhenIdle), or at once by a screen, dialog or
// panel that is opened before (lazyWithTexts: none of them renders before it is in).
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

import { accountsEn } from '../features/accounts/messages';
import { alertsEn } from '../features/alerts/messages';
import { authEn } from '../features/auth/messages';
import { backupsEn } from '../features/backups/messages';
import { buildInfoEn } from '../features/build-info/messages';
import { cloudLinkEn } from '../features/cloud-link/messages';
import { deliveryEn } from '../features/delivery/messages';
import { devicesEn } from '../features/devices/messages';
import { fleetEn } from '../features/fleet/messages';
import { gatewayNameEn } from '../features/gateway-name/messages';
import { gatewaysEn } from '../features/gateways/messages';
import { historyEn } from '../features/history/messages';
import { integrationsEn } from '../features/integrations/messages';
import { logsEn } from '../features/logs/messages';
import { menuEn } from '../features/menu/messages';
import { notificationsEn } from '../features/notifications/messages';
import { otaEn } from '../features/ota/messages';
import { preferencesEn } from '../features/preferences/messages';
import { securityEn } from '../features/security/messages';
import { settingsDumpsEn } from '../features/settings-dumps/messages';

// The English catalog is the source of the message keys: every other catalog is typed from it, and
// i18next's types make `t('…')` accept only these keys. Keys are flat (keySeparator is off), because
// several keys are prefixes of others. Interpolation uses {{name}}.
export const en = {
  'doc.title': 'SmartThing',
  'runtime.missing':
    'This console was opened without its server configuration. Open it from a gateway or a cloud.',
  'error.access_denied': 'Access denied',
  'error.generic': 'Something went wrong',
  'error.timeout': 'The server did not answer in time',
  'error.network': 'The server cannot be reached',
  'error.status': 'The server answered with status {{status}}',
  'error.invalid': 'The server sent an answer this console does not understand',
  'common.cancel': 'Cancel',
  'common.confirm': 'Confirm',
  'common.close': 'Close',
  'common.loading': 'Loading…',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.refresh': 'Refresh',
  'common.confirm.title': 'Please confirm',
  login: 'Login',
  password: 'Password',
  'field.required': 'This field is required',
  ...securityEn,
  ...otaEn,
  ...backupsEn,
  ...integrationsEn,
  ...accountsEn,
  ...deliveryEn,
  ...alertsEn,
  ...historyEn,
  ...notificationsEn,
  ...devicesEn,
  ...settingsDumpsEn,
  ...fleetEn,
  ...gatewayNameEn,
  ...gatewaysEn,
  ...preferencesEn,
  ...menuEn,
  ...buildInfoEn,
  ...authEn,
  ...cloudLinkEn,
  ...logsEn,
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

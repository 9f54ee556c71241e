import { accountsRu } from '../features/accounts/messages';
import { alertsRu } from '../features/alerts/messages';
import { authRu } from '../features/auth/messages';
import { backupsRu } from '../features/backups/messages';
import { buildInfoRu } from '../features/build-info/messages';
import { cloudLinkRu } from '../features/cloud-link/messages';
import { deliveryRu } from '../features/delivery/messages';
import { devicesRu } from '../features/devices/messages';
import { fleetRu } from '../features/fleet/messages';
import { gatewayNameRu } from '../features/gateway-name/messages';
import { gatewaysRu } from '../features/gateways/messages';
import { historyRu } from '../features/history/messages';
import { integrationsRu } from '../features/integrations/messages';
import { logsRu } from '../features/logs/messages';
import { menuRu } from '../features/menu/messages';
import { notificationsRu } from '../features/notifications/messages';
import { otaRu } from '../features/ota/messages';
import { preferencesRu } from '../features/preferences/messages';
import { securityRu } from '../features/security/messages';
import { settingsDumpsRu } from '../features/settings-dumps/messages';
import type { Catalog } from './en';

export const ru: Catalog = {
  'doc.title': 'SmartThing',
  'runtime.missing': 'Консоль открыта без настроек сервера. Откройте её со шлюза или из облака.',
  'error.access_denied': 'Доступ запрещён',
  'error.generic': 'Что-то пошло не так',
  'error.timeout': 'Сервер не ответил вовремя',
  'error.network': 'Сервер недоступен',
  'error.status': 'Сервер ответил кодом {{status}}',
  'error.invalid': 'Сервер прислал ответ, который консоль не понимает',
  'common.cancel': 'Отмена',
  'common.confirm': 'Подтвердить',
  'common.close': 'Закрыть',
  'common.loading': 'Загрузка…',
  'common.copy': 'Копировать',
  'common.copied': 'Скопировано',
  'common.refresh': 'Обновить',
  'common.confirm.title': 'Подтвердите действие',
  login: 'Логин',
  password: 'Пароль',
  'field.required': 'Обязательное поле',
  ...securityRu,
  ...otaRu,
  ...backupsRu,
  ...integrationsRu,
  ...accountsRu,
  ...deliveryRu,
  ...alertsRu,
  ...historyRu,
  ...notificationsRu,
  ...devicesRu,
  ...settingsDumpsRu,
  ...fleetRu,
  ...gatewayNameRu,
  ...gatewaysRu,
  ...preferencesRu,
  ...menuRu,
  ...buildInfoRu,
  ...authRu,
  ...cloudLinkRu,
  ...logsRu,
};

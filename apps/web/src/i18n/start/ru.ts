import { authRu } from '../../features/auth/messages';
import { deliveryRu } from '../../features/delivery/messages';
import { notificationsRu } from '../../features/notifications/messages';
import type { startEn } from './en';

export const startRu: Record<keyof typeof startEn, string> = {
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
  ...authRu,
  ...deliveryRu,
  ...notificationsRu,
};

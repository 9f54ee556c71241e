import type { RuTexts } from './types';

// Texts no feature owns: the page title, start-up's own error, the failures of any call, the common buttons,
// the login fields. Registered at start-up (createI18n).
export const commonEn = {
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
} as const;

export const commonRu: RuTexts<typeof commonEn> = {
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
};

import type { RuTexts } from '../../i18n/types';

// Messages of the auth feature (moved here from i18n/en.ts and ru.ts in issue 17).

export const authEn = {
  'password.toggle': 'Show or hide the password',
  'log.in': 'Log in',
  'log.out': 'Log out',
  'cloud.auth.title': 'Sign in to the SmartThing cloud',
  'cloud.auth.lprequired': 'Login and password are required!',
  'cloud.auth.login.success': 'Welcome, {{login}}!',
  'cloud.auth.login.error': 'Failed to authenticate',
  'cloud.auth.login.error.wrong': 'Wrong login/password',
  'cloud.auth.login.error.service': 'Service error',
  'cloud.auth.logout.confirm': 'Log out of the cloud console?',
  'cloud.auth.logout.error': 'Failed to logout',
  'cloud.auth.info.title': 'Account',
  'cloud.auth.info.open': 'Signed in as {{login}}. Open the account dialog',
  'cloud.auth.info.user.id': 'User id: {{id}}',
  'cloud.auth.info.user.login': 'Login: {{login}}',
} as const;

export const authRu: RuTexts<typeof authEn> = {
  'password.toggle': 'Показать или скрыть пароль',
  'log.in': 'Войти',
  'log.out': 'Выйти',
  'cloud.auth.title': 'Вход в облако SmartThing',
  'cloud.auth.lprequired': 'Логин и пароль обязательны!',
  'cloud.auth.login.success': 'Добро пожаловать, {{login}}!',
  'cloud.auth.login.error': 'Не удалось войти',
  'cloud.auth.login.error.wrong': 'Неверный логин или пароль',
  'cloud.auth.login.error.service': 'Ошибка сервиса',
  'cloud.auth.logout.confirm': 'Выйти из облачной консоли?',
  'cloud.auth.logout.error': 'Не удалось выйти',
  'cloud.auth.info.title': 'Учётная запись',
  'cloud.auth.info.open': 'Вы вошли как {{login}}. Открыть учётную запись',
  'cloud.auth.info.user.id': 'Id пользователя: {{id}}',
  'cloud.auth.info.user.login': 'Логин: {{login}}',
};

import type { RuTexts } from '../../i18n/types';

// Messages of the cloud-link feature (moved here from i18n/en.ts and ru.ts in issue 17).

// On the first screens (the header's cloud status).
export const cloudLinkFirstEn = {
  'gateway.cloud.conn.status': 'Cloud: {{status}}',
  'gateway.cloud.conn.status.title': 'Cloud connection. Click for details',
  'gateway.cloud.status.NOT_CONNECTED': 'not connected',
  'gateway.cloud.status.CONNECTING': 'connecting',
  'gateway.cloud.status.CONNECTED': 'connected',
  'gateway.cloud.status.CONNECTION_LOST': 'connection lost',
  'gateway.cloud.status.DISCONNECTED': 'disconnected',
  'gateway.cloud.status.FAILED_TO_CONNECT': 'failed to connect',
  'gateway.cloud.status.RECONNECTING': 'reconnecting',
  'gateway.cloud.status.UNKNOWN': 'unknown',
  'gateway.cloud.status.load.error': 'Failed to load the cloud connection',
  'gateway.cloud.config': 'Cloud URL',
  'gateway.cloud.disconnect': 'Disconnect',
} as const;

// The rest: the screens, panels and dialogs of the feature.
export const cloudLinkEn = {
  'gateway.cloud.conn.failed': 'Failed to connect to the cloud',
  'gateway.cloud.disconnect.confirm': 'Disconnect this gateway from the cloud?',
  'gateway.cloud.disconnect.failed': 'Failed to disconnect from the cloud',
  'gateway.cloud.logout.confirm':
    'Log out of the cloud? The gateway forgets its token and needs a new one to connect again.',
  'gateway.cloud.logout.success': 'Logged out of the cloud',
  'gateway.cloud.logout.error': 'Failed to log out of the cloud',
  'gateway.cloud.info': 'Cloud connection',
  'gateway.cloud.info.missing': 'This gateway is not connected to a cloud yet.',
  'gateway.cloud.info.user': 'Cloud user',
  'gateway.cloud.info.user.id': 'User id: {{id}}',
  'gateway.cloud.info.gateway.id': 'Gateway id',
  'gateway.cloud.info.gateway.name': 'Gateway name',
  'gateway.cloud.info.gateway.description': 'Gateway description',
  'gateway.cloud.reconnect': 'Reconnect',
  'gateway.cloud.auth.conn.token': 'Connection token',
  'gateway.cloud.auth.conn.token.hint': 'Paste the token generated for this gateway in the cloud console.',
  'gateway.cloud.auth.conn.token.invalid': 'This is not a connection token',
  'gateway.cloud.auth.url': 'Cloud URL',
  'gateway.cloud.auth.token': 'Auth token',
  'gateway.cloud.auth.connect': 'Connect',
  'gateway.cloud.auth.success': 'Successfully authenticated in cloud',
  'gateway.cloud.auth.failed': 'Failed to authenticate in cloud',
  'gateway.cloud.auth.denied': 'Access denied. Wrong token?',
  'gateway.cloud.auth.unavailable': 'Cloud is unavailable',
} as const;

export const cloudLinkFirstRu: RuTexts<typeof cloudLinkFirstEn> = {
  'gateway.cloud.conn.status': 'Облако: {{status}}',
  'gateway.cloud.conn.status.title': 'Подключение к облаку. Нажмите, чтобы открыть подробности',
  'gateway.cloud.status.NOT_CONNECTED': 'не подключено',
  'gateway.cloud.status.CONNECTING': 'подключение',
  'gateway.cloud.status.CONNECTED': 'подключено',
  'gateway.cloud.status.CONNECTION_LOST': 'связь потеряна',
  'gateway.cloud.status.DISCONNECTED': 'отключено',
  'gateway.cloud.status.FAILED_TO_CONNECT': 'не удалось подключиться',
  'gateway.cloud.status.RECONNECTING': 'переподключение',
  'gateway.cloud.status.UNKNOWN': 'неизвестно',
  'gateway.cloud.status.load.error': 'Не удалось загрузить состояние подключения к облаку',
  'gateway.cloud.config': 'Адрес облака',
  'gateway.cloud.disconnect': 'Отключить',
};

export const cloudLinkRu: RuTexts<typeof cloudLinkEn> = {
  'gateway.cloud.conn.failed': 'Не удалось подключиться к облаку',
  'gateway.cloud.disconnect.confirm': 'Отключить шлюз от облака?',
  'gateway.cloud.disconnect.failed': 'Не удалось отключиться от облака',
  'gateway.cloud.logout.confirm':
    'Выйти из облака? Шлюз забудет свой токен, и для нового подключения понадобится новый токен.',
  'gateway.cloud.logout.success': 'Выход из облака выполнен',
  'gateway.cloud.logout.error': 'Не удалось выйти из облака',
  'gateway.cloud.info': 'Подключение к облаку',
  'gateway.cloud.info.missing': 'Этот шлюз ещё не подключён к облаку.',
  'gateway.cloud.info.user': 'Пользователь облака',
  'gateway.cloud.info.user.id': 'Id пользователя: {{id}}',
  'gateway.cloud.info.gateway.id': 'Id шлюза',
  'gateway.cloud.info.gateway.name': 'Название шлюза',
  'gateway.cloud.info.gateway.description': 'Описание шлюза',
  'gateway.cloud.reconnect': 'Переподключить',
  'gateway.cloud.auth.conn.token': 'Токен подключения',
  'gateway.cloud.auth.conn.token.hint': 'Вставьте токен, созданный для этого шлюза в облачной консоли.',
  'gateway.cloud.auth.conn.token.invalid': 'Это не токен подключения',
  'gateway.cloud.auth.url': 'Адрес облака',
  'gateway.cloud.auth.token': 'Токен авторизации',
  'gateway.cloud.auth.connect': 'Подключить',
  'gateway.cloud.auth.success': 'Вход в облако выполнен',
  'gateway.cloud.auth.failed': 'Не удалось войти в облако',
  'gateway.cloud.auth.denied': 'Доступ запрещён. Неверный токен?',
  'gateway.cloud.auth.unavailable': 'Облако недоступно',
};

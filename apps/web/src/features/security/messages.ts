import type { RuTexts } from '../../i18n/types';

// Messages of the security features (issue 14): the refused gateway token, the gateway-mode sign-in.

// On the first screens (the gateway's sign-in and the header's lock).
export const securityFirstEn = {
  'gateway.cloud.status.TOKEN_REFUSED': 'token refused',
  'gateway.signIn.title': 'Sign in to this gateway',
  'gateway.signIn.failed': 'Sign-in failed',
  'gateway.signIn.wrong': 'Wrong password',
  'gateway.signIn.limited': 'Too many attempts, try again in a minute',
  'gateway.signOut': 'Sign out',
  'gateway.signOut.failed': 'Sign-out failed',
  'gateway.password.set': 'Protect this gateway with a password',
} as const;

// The rest: the screens, panels and dialogs of the feature.
export const securityEn = {
  'gateway.cloud.problem.TOKEN_REFUSED':
    'The cloud refused this gateway’s token: it was deleted or replaced. The gateway stopped retrying. Paste a new connection token from the cloud to link it again.',
  'gateway.password.set.desc':
    'Anyone on this network will need the password to open this console. It can be set once from here; to change or remove it later, edit the gateway’s data folder or ST_GATEWAY_PASSWORD.',
  'gateway.password.set.confirm': 'Set the password',
  'gateway.password.set.success': 'The gateway is protected by a password',
  'gateway.password.set.failed': 'The password was not set',
  'gateway.password.short_one': 'At least {{count}} character',
  'gateway.password.short_other': 'At least {{count}} characters',
} as const;

export const securityFirstRu: RuTexts<typeof securityFirstEn> = {
  'gateway.cloud.status.TOKEN_REFUSED': 'токен отклонён',
  'gateway.signIn.title': 'Вход на этот шлюз',
  'gateway.signIn.failed': 'Не удалось войти',
  'gateway.signIn.wrong': 'Неверный пароль',
  'gateway.signIn.limited': 'Слишком много попыток, повторите через минуту',
  'gateway.signOut': 'Выйти',
  'gateway.signOut.failed': 'Не удалось выйти',
  'gateway.password.set': 'Защитить этот шлюз паролем',
};

export const securityRu: RuTexts<typeof securityEn> = {
  'gateway.cloud.problem.TOKEN_REFUSED':
    'Облако отклонило токен этого шлюза: он удалён или заменён. Шлюз перестал переподключаться. Вставьте новый токен подключения из облака, чтобы снова связать его.',
  'gateway.password.set.desc':
    'Всем в этой сети понадобится пароль, чтобы открыть эту консоль. Задать его отсюда можно один раз; чтобы сменить или убрать его позже, измените папку данных шлюза или ST_GATEWAY_PASSWORD.',
  'gateway.password.set.confirm': 'Задать пароль',
  'gateway.password.set.success': 'Шлюз защищён паролем',
  'gateway.password.set.failed': 'Пароль не задан',
  'gateway.password.short_one': 'Не короче {{count}} символа',
  'gateway.password.short_few': 'Не короче {{count}} символов',
  'gateway.password.short_many': 'Не короче {{count}} символов',
  'gateway.password.short_other': 'Не короче {{count}} символа',
};

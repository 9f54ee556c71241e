import type { RuTexts } from '../../i18n/types';

// Messages of the gateway scope added in issue 17 (defect 9: waiting for a gateway that dropped).

// On the first screens of both modes (the header's gateway, a gateway that is offline).
export const gatewaysSharedFirstEn = {
  'header.gateway': 'Gateway: {{name}}',
  'gateway.offline': 'Gateway is offline!',
  'gateway.offline.desc': 'The request was not sent: gateway {{name}} is not connected to the cloud.',
} as const;

// On cloud mode's first screens (the gateway list and its actions, the wait for a gateway that dropped).
export const gatewaysFirstEn = {
  'header.gateway.tooltip': 'Gateway id: {{id}}. Click to choose another gateway',
  'cloud.gateway.load.failed': 'Failed to load gateway information',
  'cloud.gateway.connected': 'Gateway {{name}} connected',
  'cloud.gateway.disconnected': 'Gateway {{name}} disconnected',
  'gateway.selector.title': 'Select a gateway',
  'gateway.selector.fleet': 'Overview of all gateways',
  'gateway.selector.refresh': 'Refresh the gateway list',
  'gateway.selector.empty': 'No gateways yet. Add one, then connect your gateway with its token.',
  'gateway.selector.load.error': 'Failed to load gateways',
  'gateway.item.status.online': 'Online',
  'gateway.item.status.offline': 'Offline',
  'gateway.item.menu': 'Actions for gateway {{name}}',
  'gateway.item.button.edit': 'Edit',
  'gateway.item.button.delete': 'Delete',
  'gateway.item.button.token.gen': 'Generate token',
  'gateway.item.button.token.delete': 'Delete token',
  'gateway.item.save.success': 'Gateway updated',
  'gateway.item.save.error': 'Failed to save the gateway',
  'gateway.item.delete.confirm': 'Delete gateway {{name}}? This cannot be undone.',
  'gateway.item.delete.success': 'Gateway deleted',
  'gateway.item.delete.error': 'Failed to delete the gateway',
  'gateway.item.token.gen.success': 'Token generated',
  'gateway.item.token.gen.error': 'Failed to generate a token',
  'gateway.item.token.delete.confirm':
    'Delete the token of gateway {{name}}? The gateway will be disconnected and will need a new token.',
  'gateway.item.token.delete.success': 'Token deleted',
  'gateway.item.token.delete.error': 'Failed to delete the token',
  'gateway.select.offline': 'Gateway is offline',
  'gateway.select.offline.desc': 'The control panel of an offline gateway cannot be opened.',
  'gateway.create.button': 'Add gateway',
  'gateway.create.success': 'Gateway created',
  'gateway.create.error': 'Failed to create the gateway',
  'gateway.waiting.title': 'Gateway {{name}} is offline',
  'gateway.waiting.text_one':
    'Waiting for it to come back: this screen carries on where you were when it reconnects. Otherwise the gateway list opens in {{count}} s.',
  'gateway.waiting.text_other':
    'Waiting for it to come back: this screen carries on where you were when it reconnects. Otherwise the gateway list opens in {{count}} s.',
  'gateway.waiting.leave': 'Go to the gateway list',
  'gateway.waiting.expired.desc': 'Gateway {{name}} did not come back in time.',
};

// The rest: the screens, panels and dialogs of the feature.
export const gatewaysEn = {
  'gateway.item.connection.token': 'Connection token',
  'gateway.item.cloud.url': 'Cloud URL',
  'gateway.item.auth.token': 'Auth token',
  'gateway.item.auth.connection.token': 'Token to paste into the gateway',
  'gateway.item.token.hint': 'The auth token is shown only now. Copy the connection token before closing.',
  'gateway.item.token.copied': 'The connection token is in the clipboard: paste it into the gateway.',
  'gateway.item.token.copy.failed': 'The browser did not allow copying: select the token and press Ctrl+C.',
  'gateway.item.token.validation.url.blank': 'Cloud URL cannot be empty',
  'gateway.item.token.validation.token.blank': 'Auth token cannot be empty',
  'gateway.item.token.validation.separator': 'Neither the cloud URL nor the token may contain "|"',
  'gateway.edit.title.create': 'New gateway',
  'gateway.edit.title.update': 'Edit gateway',
  'gateway.edit.name': 'Name',
  'gateway.edit.description': 'Description',
  'gateway.edit.button.create': 'Create',
  'gateway.edit.button.update': 'Update',
  'gateway.edit.validation.name.blank': 'Gateway name cannot be blank',
  'gateway.edit.validation.name.long.desc_one': 'A name should have at most {{count}} character.',
  'gateway.edit.validation.name.long.desc_other': 'A name should have at most {{count}} characters.',
};

export const gatewaysSharedFirstRu: RuTexts<typeof gatewaysSharedFirstEn> = {
  'header.gateway': 'Шлюз: {{name}}',
  'gateway.offline': 'Шлюз не в сети!',
  'gateway.offline.desc': 'Запрос не отправлен: шлюз {{name}} не подключён к облаку.',
};

export const gatewaysFirstRu: RuTexts<typeof gatewaysFirstEn> = {
  'header.gateway.tooltip': 'Id шлюза: {{id}}. Нажмите, чтобы выбрать другой шлюз',
  'cloud.gateway.load.failed': 'Не удалось загрузить информацию о шлюзе',
  'cloud.gateway.connected': 'Шлюз {{name}} подключился',
  'cloud.gateway.disconnected': 'Шлюз {{name}} отключился',
  'gateway.selector.title': 'Выберите шлюз',
  'gateway.selector.fleet': 'Обзор всех шлюзов',
  'gateway.selector.refresh': 'Обновить список шлюзов',
  'gateway.selector.empty': 'Шлюзов пока нет. Добавьте шлюз и подключите его с помощью токена.',
  'gateway.selector.load.error': 'Не удалось загрузить шлюзы',
  'gateway.item.status.online': 'В сети',
  'gateway.item.status.offline': 'Не в сети',
  'gateway.item.menu': 'Действия со шлюзом {{name}}',
  'gateway.item.button.edit': 'Изменить',
  'gateway.item.button.delete': 'Удалить',
  'gateway.item.button.token.gen': 'Создать токен',
  'gateway.item.button.token.delete': 'Удалить токен',
  'gateway.item.save.success': 'Шлюз обновлён',
  'gateway.item.save.error': 'Не удалось сохранить шлюз',
  'gateway.item.delete.confirm': 'Удалить шлюз {{name}}? Это действие необратимо.',
  'gateway.item.delete.success': 'Шлюз удалён',
  'gateway.item.delete.error': 'Не удалось удалить шлюз',
  'gateway.item.token.gen.success': 'Токен создан',
  'gateway.item.token.gen.error': 'Не удалось создать токен',
  'gateway.item.token.delete.confirm':
    'Удалить токен шлюза {{name}}? Шлюз будет отключён, и для подключения ему понадобится новый токен.',
  'gateway.item.token.delete.success': 'Токен удалён',
  'gateway.item.token.delete.error': 'Не удалось удалить токен',
  'gateway.select.offline': 'Шлюз не в сети',
  'gateway.select.offline.desc': 'Панель управления шлюза, который не в сети, открыть нельзя.',
  'gateway.create.button': 'Добавить шлюз',
  'gateway.create.success': 'Шлюз создан',
  'gateway.create.error': 'Не удалось создать шлюз',
  'gateway.waiting.title': 'Шлюз {{name}} не в сети',
  'gateway.waiting.text_one':
    'Ждём его возвращения: когда он подключится, этот экран продолжит с того же места. Иначе через {{count}} с откроется список шлюзов.',
  'gateway.waiting.text_few':
    'Ждём его возвращения: когда он подключится, этот экран продолжит с того же места. Иначе через {{count}} с откроется список шлюзов.',
  'gateway.waiting.text_many':
    'Ждём его возвращения: когда он подключится, этот экран продолжит с того же места. Иначе через {{count}} с откроется список шлюзов.',
  'gateway.waiting.text_other':
    'Ждём его возвращения: когда он подключится, этот экран продолжит с того же места. Иначе через {{count}} с откроется список шлюзов.',
  'gateway.waiting.leave': 'К списку шлюзов',
  'gateway.waiting.expired.desc': 'Шлюз {{name}} не вернулся вовремя.',
};

export const gatewaysRu: RuTexts<typeof gatewaysEn> = {
  'gateway.item.connection.token': 'Токен подключения',
  'gateway.item.cloud.url': 'Адрес облака',
  'gateway.item.auth.token': 'Токен авторизации',
  'gateway.item.auth.connection.token': 'Токен для вставки в шлюз',
  'gateway.item.token.hint':
    'Токен авторизации показывается только сейчас. Скопируйте токен подключения перед закрытием.',
  'gateway.item.token.copied': 'Токен подключения в буфере обмена: вставьте его в шлюз.',
  'gateway.item.token.copy.failed': 'Браузер не дал скопировать: выделите токен и нажмите Ctrl+C.',
  'gateway.item.token.validation.url.blank': 'Адрес облака не может быть пустым',
  'gateway.item.token.validation.token.blank': 'Токен авторизации не может быть пустым',
  'gateway.item.token.validation.separator': 'Ни адрес облака, ни токен не могут содержать «|»',
  'gateway.edit.title.create': 'Новый шлюз',
  'gateway.edit.title.update': 'Изменение шлюза',
  'gateway.edit.name': 'Название',
  'gateway.edit.description': 'Описание',
  'gateway.edit.button.create': 'Создать',
  'gateway.edit.button.update': 'Сохранить',
  'gateway.edit.validation.name.blank': 'Название шлюза не может быть пустым',
  'gateway.edit.validation.name.long.desc_one': 'Название должно быть не длиннее {{count}} символа.',
  'gateway.edit.validation.name.long.desc_few': 'Название должно быть не длиннее {{count}} символов.',
  'gateway.edit.validation.name.long.desc_many': 'Название должно быть не длиннее {{count}} символов.',
  'gateway.edit.validation.name.long.desc_other': 'Название должно быть не длиннее {{count}} символа.',
};

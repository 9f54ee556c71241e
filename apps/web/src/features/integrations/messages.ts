import type { RuTexts } from '../../i18n/types';

// Messages of the Integrations screen (Home Assistant over MQTT, Prometheus).

// (the first screens' texts, in a module of their own so that the rest loads with its screens)
export { integrationsFirstEn, integrationsFirstRu } from './messagesFirst';

// The rest: the screens, panels and dialogs of the feature.
export const integrationsEn = {
  'integrations.title': 'Integrations',
  'integrations.mqtt.title': 'Home Assistant (MQTT discovery)',
  'integrations.mqtt.intro':
    'Every device of this gateway appears in Home Assistant by itself: its sensors, actions and settings, through your MQTT broker.',
  'integrations.mqtt.enabled': 'Publish devices to Home Assistant',
  'integrations.mqtt.url': 'Broker URL',
  'integrations.mqtt.url.hint': 'mqtt://host:1883 or mqtts://host:8883',
  'integrations.mqtt.username': 'Username',
  'integrations.mqtt.password': 'Password',
  'integrations.mqtt.password.saved': 'Saved; leave empty to keep it',
  'integrations.mqtt.password.clear': 'Forget the saved password',
  'integrations.mqtt.discoveryPrefix': 'Discovery prefix',
  'integrations.mqtt.baseTopic': 'Base topic',
  'integrations.mqtt.save': 'Save and connect',
  'integrations.mqtt.saved': 'MQTT settings saved',
  'integrations.mqtt.save.error': 'Could not save the MQTT settings',
  'integrations.mqtt.load.error': 'Could not load the MQTT settings',
  'integrations.mqtt.env':
    'The broker is set on the gateway by ST_MQTT_URL; change it there. The settings below are read-only.',
  'integrations.mqtt.status': 'Status',
  'integrations.mqtt.status.disabled': 'Off',
  'integrations.mqtt.status.connecting': 'Connecting…',
  'integrations.mqtt.status.connected': 'Connected',
  'integrations.mqtt.status.error': 'Error',
  'integrations.mqtt.devices_one': '{{count}} device published',
  'integrations.mqtt.devices_other': '{{count}} devices published',
  'integrations.metrics.title': 'Prometheus',
  'integrations.metrics.intro':
    'The gateway serves its metrics at {{url}} to private-network addresses (or with a bearer token when ST_METRICS_TOKEN is set).',
} as const;

export const integrationsRu: RuTexts<typeof integrationsEn> = {
  'integrations.title': 'Интеграции',
  'integrations.mqtt.title': 'Home Assistant (MQTT discovery)',
  'integrations.mqtt.intro':
    'Все устройства этого шлюза сами появляются в Home Assistant: датчики, действия и настройки, через ваш MQTT-брокер.',
  'integrations.mqtt.enabled': 'Публиковать устройства в Home Assistant',
  'integrations.mqtt.url': 'Адрес брокера',
  'integrations.mqtt.url.hint': 'mqtt://host:1883 или mqtts://host:8883',
  'integrations.mqtt.username': 'Имя пользователя',
  'integrations.mqtt.password': 'Пароль',
  'integrations.mqtt.password.saved': 'Сохранён; оставьте пустым, чтобы не менять',
  'integrations.mqtt.password.clear': 'Забыть сохранённый пароль',
  'integrations.mqtt.discoveryPrefix': 'Префикс discovery',
  'integrations.mqtt.baseTopic': 'Базовый топик',
  'integrations.mqtt.save': 'Сохранить и подключиться',
  'integrations.mqtt.saved': 'Настройки MQTT сохранены',
  'integrations.mqtt.save.error': 'Не удалось сохранить настройки MQTT',
  'integrations.mqtt.load.error': 'Не удалось загрузить настройки MQTT',
  'integrations.mqtt.env':
    'Брокер задан на шлюзе переменной ST_MQTT_URL; меняйте его там. Настройки ниже только для чтения.',
  'integrations.mqtt.status': 'Состояние',
  'integrations.mqtt.status.disabled': 'Выключено',
  'integrations.mqtt.status.connecting': 'Подключение…',
  'integrations.mqtt.status.connected': 'Подключено',
  'integrations.mqtt.status.error': 'Ошибка',
  'integrations.mqtt.devices_one': 'Опубликовано {{count}} устройство',
  'integrations.mqtt.devices_few': 'Опубликовано {{count}} устройства',
  'integrations.mqtt.devices_many': 'Опубликовано {{count}} устройств',
  'integrations.mqtt.devices_other': 'Опубликовано {{count}} устройства',
  'integrations.metrics.title': 'Prometheus',
  'integrations.metrics.intro':
    'Шлюз отдаёт метрики по адресу {{url}} клиентам из частных сетей (или по bearer-токену, если задан ST_METRICS_TOKEN).',
};

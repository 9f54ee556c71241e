import type { RuTexts } from '../../i18n/types';

// Messages of the logs feature (moved here from i18n/en.ts and ru.ts in issue 17).

export const logsEn = {
  'device.logs.title': 'Device logs',
  'device.logs.column.device': 'Device',
  'device.logs.column.date': 'Date',
  'device.logs.column.tag': 'Tag',
  'device.logs.column.level': 'Level',
  'device.logs.column.msg': 'Message',
  'device.logs.filter.level': 'Minimum level',
  'device.logs.filter.level.any': 'Any level',
  'device.logs.filtering': 'Filtering…',
  'device.logs.pause': 'Pause',
  'device.logs.resume': 'Resume',
  'device.logs.paused': 'Paused: {{count}} new lines waiting',
  'device.logs.clear': 'Clear view',
  'device.logs.export': 'Export as text',
  'device.logs.count': '{{shown}} lines shown, {{held}} received live',
  'device.logs.empty': 'No log lines to show',
  'device.logs.list': 'Log lines',
  'device.logs.load.error': 'Failed to load device logs',
  'device.logs.gap.error': 'Could not load the lines received while the connection was down',
} as const;

export const logsRu: RuTexts<typeof logsEn> = {
  'device.logs.title': 'Логи устройств',
  'device.logs.column.device': 'Устройство',
  'device.logs.column.date': 'Дата',
  'device.logs.column.tag': 'Тег',
  'device.logs.column.level': 'Уровень',
  'device.logs.column.msg': 'Сообщение',
  'device.logs.filter.level': 'Минимальный уровень',
  'device.logs.filter.level.any': 'Любой уровень',
  'device.logs.filtering': 'Фильтрация…',
  'device.logs.pause': 'Пауза',
  'device.logs.resume': 'Продолжить',
  'device.logs.paused': 'Пауза: ждут новых строк: {{count}}',
  'device.logs.clear': 'Очистить',
  'device.logs.export': 'Экспорт в текст',
  'device.logs.count': 'Показано строк: {{shown}}, получено вживую: {{held}}',
  'device.logs.empty': 'Нет строк для показа',
  'device.logs.list': 'Строки логов',
  'device.logs.load.error': 'Не удалось загрузить логи устройств',
  'device.logs.gap.error': 'Не удалось загрузить строки, полученные, пока связь была прервана',
};

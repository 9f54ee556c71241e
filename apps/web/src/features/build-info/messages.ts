import type { RuTexts } from '../../i18n/types';

// Messages of the build-info feature (moved here from i18n/en.ts and ru.ts in issue 17).

export const buildInfoEn = {
  'build.title': 'Build info',
  'build.backend': 'Gateway backend build info',
  'build.ui': 'Console (UI) build info',
  'build.field.version': 'Version',
  'build.field.mode': 'Mode',
  'build.field.buildTime': 'Build time',
  'build.load.error': 'Failed to load the backend build info',
} as const;

export const buildInfoRu: RuTexts<typeof buildInfoEn> = {
  'build.title': 'О сборке',
  'build.backend': 'Сборка сервера шлюза',
  'build.ui': 'Сборка консоли (UI)',
  'build.field.version': 'Версия',
  'build.field.mode': 'Режим',
  'build.field.buildTime': 'Время сборки',
  'build.load.error': 'Не удалось загрузить информацию о сборке сервера',
};

// Messages of the settings manager added in issue 17.

export const settingsDumpsEn = {
  'device.settings.secrets.reveal': 'Show the WiFi password',
  'device.settings.download': 'Download as file',
} as const;

export const settingsDumpsRu: Record<keyof typeof settingsDumpsEn, string> = {
  'device.settings.secrets.reveal': 'Показать пароль WiFi',
  'device.settings.download': 'Скачать файлом',
};

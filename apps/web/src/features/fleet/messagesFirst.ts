import type { RuTexts } from '../../i18n/types';

// What the first screens show of this feature (the device list's selection and update badges): a module of its
// own, so that the feature's other texts (./messages.ts) load with its screens, not with the first one.
export const fleetFirstEn = {
  'fleet.update.badge': 'Update: {{version}}',
  'fleet.update.badge.title':
    '{{type}} {{version}} is in the firmware library (this device runs {{current}})',
  'fleet.select.device': 'Select {{name}} ({{ip}})',
  'fleet.select.all': 'Select every device in {{list}}',
} as const;

export const fleetFirstRu: RuTexts<typeof fleetFirstEn> = {
  'fleet.update.badge': 'Обновление: {{version}}',
  'fleet.update.badge.title': 'В библиотеке прошивок есть {{type}} {{version}} (на устройстве {{current}})',
  'fleet.select.device': 'Выбрать {{name}} ({{ip}})',
  'fleet.select.all': 'Выбрать все устройства в списке «{{list}}»',
};

import type { RuTexts } from '../../i18n/types';

// What the first screens show of this feature (the device list, the header, the menu): a module of its own,
// so that the feature's other texts (./messages.ts) load with its screens, not with the first one.
// On the first screens (the crash-loop badge of the device list, the menu's item).
export const alertsFirstEn = {
  'menu.item.alerts': 'Alerts',
  'crashLoop.badge': 'Crash loop',
  'crashLoop.title_one': '{{count}} reboot, crash-looping since {{since}}',
  'crashLoop.title_other': '{{count}} reboots, crash-looping since {{since}}',
} as const;

export const alertsFirstRu: RuTexts<typeof alertsFirstEn> = {
  'menu.item.alerts': 'Оповещения',
  'crashLoop.badge': 'Цикл перезагрузок',
  'crashLoop.title_one': '{{count}} перезагрузка, цикл с {{since}}',
  'crashLoop.title_few': '{{count}} перезагрузки, цикл с {{since}}',
  'crashLoop.title_many': '{{count}} перезагрузок, цикл с {{since}}',
  'crashLoop.title_other': '{{count}} перезагрузки, цикл с {{since}}',
};

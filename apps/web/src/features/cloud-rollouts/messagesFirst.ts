import type { RuTexts } from '../../i18n/types';

/** What the gateways screen (cloud mode's first screen) shows of this feature: its link and gateway tags. */
export const cloudRolloutsFirstEn = {
  'cloudRollouts.open': 'Rollouts across gateways',
  'gatewayTags.label': 'Tags of {{name}}',
  'gatewayTags.edit': 'Edit tags',
  'gatewayTags.input': 'Tags, separated by commas',
  'gatewayTags.save': 'Save tags',
  'gatewayTags.saved': 'Tags saved',
} as const;

export const cloudRolloutsFirstRu: RuTexts<typeof cloudRolloutsFirstEn> = {
  'cloudRollouts.open': 'Обновления по шлюзам',
  'gatewayTags.label': 'Метки {{name}}',
  'gatewayTags.edit': 'Изменить метки',
  'gatewayTags.input': 'Метки через запятую',
  'gatewayTags.save': 'Сохранить метки',
  'gatewayTags.saved': 'Метки сохранены',
};

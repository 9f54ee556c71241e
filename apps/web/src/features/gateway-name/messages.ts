import type { RuTexts } from '../../i18n/types';

// Messages of the gateway's local name (issue 17, defect 11): header button and rename dialog.
// On the first screens (the header's rename button).
export const gatewayNameFirstEn = {
  'gatewayName.rename': 'Rename gateway {{name}}',
};

// The rest: the screens, panels and dialogs of the feature.
export const gatewayNameEn = {
  'gatewayName.dialog.title': 'Gateway name',
  'gatewayName.dialog.hint': 'Shown in the header and the browser tab. 1 to 64 characters.',
  'gatewayName.dialog.cloud': 'Linked to a cloud, the header shows the name the cloud knows: {{name}}.',
  'gatewayName.field': 'Name',
  'gatewayName.save': 'Save',
  'gatewayName.cancel': 'Cancel',
  'gatewayName.saved': 'Gateway renamed',
};

export const gatewayNameFirstRu: RuTexts<typeof gatewayNameFirstEn> = {
  'gatewayName.rename': 'Переименовать шлюз {{name}}',
};

export const gatewayNameRu: RuTexts<typeof gatewayNameEn> = {
  'gatewayName.dialog.title': 'Имя шлюза',
  'gatewayName.dialog.hint': 'Показывается в заголовке и на вкладке браузера. От 1 до 64 символов.',
  'gatewayName.dialog.cloud': 'Пока шлюз связан с облаком, в заголовке видно имя из облака: {{name}}.',
  'gatewayName.field': 'Имя',
  'gatewayName.save': 'Сохранить',
  'gatewayName.cancel': 'Отмена',
  'gatewayName.saved': 'Шлюз переименован',
};

// Messages of the gateway's local name (issue 17, defect 11): header button and rename dialog.
// On the first screens (the header's rename button): the catalog's first part, i18n/first.
export const gatewayNameFirstEn = {
  'gatewayName.rename': 'Rename gateway {{name}}',
};

// The rest: i18n/rest.
export const gatewayNameEn = {
  'gatewayName.dialog.title': 'Gateway name',
  'gatewayName.dialog.hint': 'Shown in the header and the browser tab. 1 to 64 characters.',
  'gatewayName.dialog.cloud': 'Linked to a cloud, the header shows the name the cloud knows: {{name}}.',
  'gatewayName.field': 'Name',
  'gatewayName.save': 'Save',
  'gatewayName.cancel': 'Cancel',
  'gatewayName.saved': 'Gateway renamed',
};

export const gatewayNameFirstRu: Record<keyof typeof gatewayNameFirstEn, string> = {
  'gatewayName.rename': 'Переименовать шлюз {{name}}',
};

export const gatewayNameRu: Record<keyof typeof gatewayNameEn, string> = {
  'gatewayName.dialog.title': 'Имя шлюза',
  'gatewayName.dialog.hint': 'Показывается в заголовке и на вкладке браузера. От 1 до 64 символов.',
  'gatewayName.dialog.cloud': 'Пока шлюз связан с облаком, в заголовке видно имя из облака: {{name}}.',
  'gatewayName.field': 'Имя',
  'gatewayName.save': 'Сохранить',
  'gatewayName.cancel': 'Отмена',
  'gatewayName.saved': 'Шлюз переименован',
};

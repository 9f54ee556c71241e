// Messages of the console's delivery (issue 21): upload progress, the offline state.
export const deliveryEn = {
  'delivery.upload.progress': 'Uploaded {{sent}} of {{total}} MB',
  'delivery.upload.progress.label': 'Upload progress',
  'delivery.offline.gateway.title': 'Gateway unreachable',
  'delivery.offline.cloud.title': 'Cloud unreachable',
  'delivery.offline.gateway.text':
    'The console cannot reach the gateway. Check that it is running and that this device is on its network.',
  'delivery.offline.cloud.text':
    'The console cannot reach the cloud. Check your connection; the console retries by itself.',
  'delivery.offline.retry': 'Retry',
  'delivery.offline.checking': 'Checking…',
};

export const deliveryRu: Record<keyof typeof deliveryEn, string> = {
  'delivery.upload.progress': 'Загружено {{sent}} из {{total}} МБ',
  'delivery.upload.progress.label': 'Ход загрузки',
  'delivery.offline.gateway.title': 'Шлюз недоступен',
  'delivery.offline.cloud.title': 'Облако недоступно',
  'delivery.offline.gateway.text':
    'Консоль не может связаться со шлюзом. Проверьте, что он запущен и что это устройство в его сети.',
  'delivery.offline.cloud.text':
    'Консоль не может связаться с облаком. Проверьте подключение; консоль повторяет попытки сама.',
  'delivery.offline.retry': 'Повторить',
  'delivery.offline.checking': 'Проверка…',
};

import type { RuTexts } from '../../i18n/types';

// Messages of the console's delivery (issue 21): upload progress, the offline state.
export const deliveryEn = {
  'delivery.upload.progress_one':
    'Uploaded {{sent}} of {{count, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} MB',
  'delivery.upload.progress_other':
    'Uploaded {{sent}} of {{count, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} MB',
  'delivery.upload.progress.label': 'Upload progress',
  'delivery.offline.gateway.title': 'Gateway unreachable',
  'delivery.offline.cloud.title': 'Cloud unreachable',
  'delivery.offline.gateway.text':
    'The console cannot reach the gateway. Check that it is running and that this device is on its network.',
  'delivery.offline.cloud.text':
    'The console cannot reach the cloud. Check your connection; the console retries by itself.',
  'delivery.offline.retry': 'Retry',
  'delivery.offline.checking': 'Checking…',
  'delivery.crash.title': 'The console stopped on an error',
  'delivery.crash.text':
    'Reload the page to go on. If it happens again, note what you did and the message below.',
  'delivery.crash.reload': 'Reload',
};

export const deliveryRu: RuTexts<typeof deliveryEn> = {
  'delivery.upload.progress_one':
    'Загружено {{sent}} из {{count, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} МБ',
  'delivery.upload.progress_few':
    'Загружено {{sent}} из {{count, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} МБ',
  'delivery.upload.progress_many':
    'Загружено {{sent}} из {{count, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} МБ',
  'delivery.upload.progress_other':
    'Загружено {{sent}} из {{count, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} МБ',
  'delivery.upload.progress.label': 'Ход загрузки',
  'delivery.offline.gateway.title': 'Шлюз недоступен',
  'delivery.offline.cloud.title': 'Облако недоступно',
  'delivery.offline.gateway.text':
    'Консоль не может связаться со шлюзом. Проверьте, что он запущен и что это устройство в его сети.',
  'delivery.offline.cloud.text':
    'Консоль не может связаться с облаком. Проверьте подключение; консоль повторяет попытки сама.',
  'delivery.offline.retry': 'Повторить',
  'delivery.offline.checking': 'Проверка…',
  'delivery.crash.title': 'Консоль остановилась из-за ошибки',
  'delivery.crash.text':
    'Перезагрузите страницу, чтобы продолжить. Если это повторится, запишите, что вы делали, и сообщение ниже.',
  'delivery.crash.reload': 'Перезагрузить',
};

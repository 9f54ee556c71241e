import type { RuTexts } from '../../i18n/types';

// Messages of the live channel's state (issue 36): the banner every screen shows while it is down.
export const liveStateEn = {
  'live.down.title.gateway': 'No connection to the gateway',
  'live.down.title.cloud': 'No connection to the cloud',
  'live.down.text':
    'What this page shows may be out of date: live values are greyed out. The console reconnects by itself and reads the page again.',
  'live.down.retry': 'Reconnect now',
};

export const liveStateRu: RuTexts<typeof liveStateEn> = {
  'live.down.title.gateway': 'Нет связи со шлюзом',
  'live.down.title.cloud': 'Нет связи с облаком',
  'live.down.text':
    'Данные на странице могут быть устаревшими: живые значения показаны серым. Консоль переподключится сама и обновит страницу.',
  'live.down.retry': 'Переподключиться',
};

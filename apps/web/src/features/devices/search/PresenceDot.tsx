import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../ui/floating/Tooltip';
import { useFormat } from '../../../ui/format';
import { Box } from '../../../ui/kit/Box';
import type { Presence } from './useSavedPresence';

/** A green (online) or grey (offline) dot; offline says when the device was last seen. */
export function PresenceDot({ presence }: { presence: Presence }) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = presence.online
    ? t('devices.saved.online')
    : presence.lastSeen === undefined
      ? t('devices.saved.offline')
      : t('devices.saved.offline.lastSeen', { when: format.dateTime(presence.lastSeen) });
  return (
    <Tooltip label={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-presence={presence.online ? 'online' : 'offline'}
        style={{
          display: 'inline-block',
          width: 8,
          height: 8,
          borderRadius: '50%',
          marginRight: 6,
          verticalAlign: 'middle',
          background: presence.online ? 'var(--st-green-6)' : 'var(--st-gray-5)',
        }}
      />
    </Tooltip>
  );
}

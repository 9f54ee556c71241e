import './liveState.css';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Group } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { LiveWatch } from './liveWatch';
import { liveStateEn, liveStateRu } from './messages';

addTexts(liveStateEn, liveStateRu);

/** How long the first connect may take before the page says the channel is down. */
const FIRST_CONNECT_MS = 4000;

/**
 * Says at once, on every screen, that the live channel is down (the gateway or the cloud stopped answering):
 * a banner under the header, and `data-live="down"` on the root, which greys out live state (liveState.css).
 * When the channel is back, the banner goes and every query on screen is read again.
 */
export function LiveBanner() {
  const { t } = useTranslation();
  const { live, config } = useServices();
  const queryClient = useQueryClient();
  const [watch] = useState(
    () =>
      new LiveWatch(live, {
        firstConnectMs: FIRST_CONNECT_MS,
        onBack: () => void queryClient.invalidateQueries(),
      }),
  );
  useEffect(() => watch.start(), [watch]);
  const down = useSyncExternalStore(watch.subscribe, () => watch.down);
  useEffect(() => {
    const root = document.documentElement;
    if (down) root.dataset.live = 'down';
    else delete root.dataset.live;
    return () => {
      delete root.dataset.live;
    };
  }, [down]);
  if (!down) return null;
  return (
    <Alert
      className="st-live-banner"
      color="orange"
      variant="light"
      icon={<IconPlugConnectedX size={20} aria-hidden />}
      title={t(config.mode === 'cloud' ? 'live.down.title.cloud' : 'live.down.title.gateway')}
      data-testid="live-down"
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm">{t('live.down.text')}</Text>
        <Button size="compact-sm" variant="default" onClick={() => live.reconnectNow()}>
          {t('live.down.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

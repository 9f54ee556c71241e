import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleMode } from '../../app/runtime';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Center, Paper, Stack } from '../../ui/kit/layout';
import { Text, Title } from '../../ui/kit/text';
import { deliveryEn, deliveryRu } from './messages';
import { serverReachable } from './serviceWorker';

addTexts(deliveryEn, deliveryRu);

const RETRY_EVERY_MS = 5000;

/**
 * What the console shows instead of a browser error page when it was opened from the cache while its server
 * is down: which server, and a retry (also automatic, and when the browser comes back online). Once the
 * server answers, the page reloads from it.
 */
export function OfflineScreen({ mode, baseUrl }: { mode: ConsoleMode; baseUrl: string }) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const retry = useCallback(async () => {
    setChecking(true);
    const up = await serverReachable(baseUrl);
    setChecking(false);
    if (up) window.location.reload();
  }, [baseUrl]);

  useEffect(() => {
    const timer = window.setInterval(() => void retry(), RETRY_EVERY_MS);
    const online = () => void retry();
    window.addEventListener('online', online);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [retry]);

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder p="xl" maw={480} role="alert" data-testid="offline-state">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t(mode === 'gateway' ? 'delivery.offline.gateway.title' : 'delivery.offline.cloud.title')}
          </Title>
          {/* (the start-up styles hold no Text.css: a plain paragraph in the body's font, without margins) */}
          <Text m={0}>
            {t(mode === 'gateway' ? 'delivery.offline.gateway.text' : 'delivery.offline.cloud.text')}
          </Text>
          <Button
            onClick={() => void retry()}
            loading={checking}
            loaderProps={{ 'aria-label': t('delivery.offline.checking') }}
          >
            {t('delivery.offline.retry')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleMode } from '../../app/runtime';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Center, Paper, Stack } from '../../ui/kit/layout';
import { Text, Title } from '../../ui/kit/text';
import { deliveryEn, deliveryRu } from './messages';
import { OfflineScreen } from './OfflineScreen';

addTexts(deliveryEn, deliveryRu);

/**
 * True for the errors a browser gives when a part of the console (a screen's chunk, a catalog) could not be
 * downloaded: the server went down after the page opened, or it was upgraded and no longer has the old files.
 */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|importing a module script failed|module script|unable to preload|failed to fetch|load failed|networkerror/i.test(
    `${error.name} ${error.message}`,
  );
}

type Props = { mode: ConsoleMode; baseUrl: string; children: ReactNode };

/**
 * What the console shows instead of a blank page when something below it throws while rendering (issue 21):
 * a part that could not be downloaded gives the "gateway / cloud unreachable" state, whose retry reloads the
 * page once the server answers (a fresh page also picks up an upgraded server's files); any other error
 * gives its message and a reload.
 */
export class LoadFailureBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The console stopped on an error', error);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (isLoadFailure(error)) return <OfflineScreen mode={this.props.mode} baseUrl={this.props.baseUrl} />;
    return <CrashScreen error={error} />;
  }
}

function CrashScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder p="xl" maw={560} role="alert" data-testid="crash-state">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('delivery.crash.title')}
          </Title>
          <Text m={0}>{t('delivery.crash.text')}</Text>
          <Text m={0} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {error instanceof Error ? error.message : String(error)}
          </Text>
          <Button onClick={() => window.location.reload()}>{t('delivery.crash.reload')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}

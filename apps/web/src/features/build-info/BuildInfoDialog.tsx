import { GATEWAY_ROUTES } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gatewayCall } from '../../api/routes';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { uiBuildInfo } from '../../app/runtime';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { useFormat } from '../../ui/format';
import { Loader } from '../../ui/kit/feedback';
import { SimpleGrid, Stack } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { buildInfoEn, buildInfoRu } from './messages';

addTexts(buildInfoEn, buildInfoRu);

export function BuildInfoDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('build.title')} size="large">
      {opened ? <BuildInfoContent /> : null}
    </AppModal>
  );
}

function BuildInfoContent() {
  const { t } = useTranslation();
  const { gatewayFetch, config } = useServices();
  const gateway = useCurrentGateway();
  const backend = useQuery({
    queryKey: ['build', gateway?.id ?? 'local'],
    queryFn: () => gatewayFetch(gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.build')),
  });
  return (
    <Stack>
      <Title order={3} size="h5">
        {t('build.backend')}
      </Title>
      {backend.isPending ? <Loader role="status" size="sm" aria-label={t('common.loading')} /> : null}
      {backend.isError ? (
        <Alert color="red" role="alert">
          {t('build.load.error')}
        </Alert>
      ) : null}
      {backend.data === undefined ? null : <Fields info={backend.data} />}
      <Title order={3} size="h5">
        {t('build.ui')}
      </Title>
      <Fields info={uiBuildInfo(config)} />
    </Stack>
  );
}

function Fields({ info }: { info: { version: string; mode: string; buildTime: string } }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rows = [
    [t('build.field.version'), info.version],
    [t('build.field.mode'), info.mode],
    [t('build.field.buildTime'), format.dateTime(info.buildTime)],
  ] as const;
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Stack key={label} gap={0} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-all' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

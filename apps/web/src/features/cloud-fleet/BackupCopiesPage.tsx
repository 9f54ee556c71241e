import type { CloudBackupVersion } from '@st/protocol';
import { IconArrowLeft, IconDownload, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Group, Stack } from '../../ui/kit/layout';
import { Modal } from '../../ui/kit/overlays';
import { Alert } from '../../ui/kit/status';
import { Table } from '../../ui/kit/Table';
import { Text, Title } from '../../ui/kit/text';
import { cloudFleetApi, cloudFleetKeys, versionFileUrl } from './cloudFleetApi';
import { cloudFleetEn, cloudFleetRu } from './messages';

addTexts(cloudFleetEn, cloudFleetRu);

/**
 * Route /fleet/:gatewayId/backups (cloud mode): the backup versions the cloud keeps of a gateway, read from the
 * cloud itself (so while the gateway is offline too); a version's settings open in a dialog or download as a file.
 */
export default function BackupCopiesPage() {
  const { gatewayId = '' } = useParams<{ gatewayId: string }>();
  const { http, config } = useServices();
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<CloudBackupVersion | undefined>(undefined);
  const overview = useQuery({
    queryKey: cloudFleetKeys.overview(''),
    queryFn: () => cloudFleetApi(http).overview(''),
  });
  const versions = useQuery({
    queryKey: cloudFleetKeys.versions(gatewayId),
    queryFn: () => cloudFleetApi(http).versions(gatewayId),
  });
  const name = overview.data?.find((g) => g.id === gatewayId)?.name ?? gatewayId;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const list = versions.data ?? [];
  return (
    <Stack gap="sm" w="100%" maw={960} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('backupCopies.title', { name })}
        </Title>
        <Button
          component={Link}
          to="/fleet"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('backupCopies.back')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('backupCopies.intro')}
      </Text>
      {versions.isPending ? <Loader role="status" size="sm" aria-label={t('common.loading')} /> : null}
      {versions.isError ? (
        <Alert color="red" role="alert" title={t('backupCopies.load.error')}>
          {versions.error.message}
        </Alert>
      ) : null}
      {versions.isSuccess && list.length === 0 ? <Text c="dimmed">{t('backupCopies.empty')}</Text> : null}
      {list.length > 0 ? (
        <Table striped data-testid="backup-copies" aria-label={t('fleet.backups.label', { name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backupCopies.col.device')}</Table.Th>
              <Table.Th>{t('backupCopies.col.time')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('backupCopies.col.source')}</Table.Th>
              <Table.Th>{t('backupCopies.col.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((v) => {
              const made = when.format(new Date(v.creationDateTime));
              const device = `${v.device.name} (${v.ip})`;
              return (
                <Table.Tr key={v.id} data-id={v.id}>
                  <Table.Td>{device}</Table.Td>
                  <Table.Td>{made}</Table.Td>
                  <Table.Td visibleFrom="sm">{t(`backupCopies.source.${v.source}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconEye size={14} aria-hidden />}
                        aria-label={t('backupCopies.view.label', { device: v.device.name, when: made })}
                        onClick={() => setOpen(v)}
                      >
                        {t('backupCopies.view')}
                      </Button>
                      <Button
                        component="a"
                        href={versionFileUrl(config.basePath, gatewayId, v.id)}
                        download
                        size="compact-xs"
                        variant="default"
                        leftSection={<IconDownload size={14} aria-hidden />}
                        aria-label={t('backupCopies.download.label', { device: v.device.name, when: made })}
                      >
                        {t('backupCopies.download')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
      <Modal
        opened={open !== undefined}
        onClose={() => setOpen(undefined)}
        size="lg"
        title={
          open === undefined
            ? ''
            : t('backupCopies.version', {
                device: open.device.name,
                when: when.format(new Date(open.creationDateTime)),
              })
        }
      >
        {open === undefined ? null : <VersionSettings gatewayId={gatewayId} id={open.id} />}
      </Modal>
    </Stack>
  );
}

function VersionSettings({ gatewayId, id }: { gatewayId: string; id: string }) {
  const { http } = useServices();
  const { t } = useTranslation();
  const version = useQuery({
    queryKey: cloudFleetKeys.version(gatewayId, id),
    queryFn: () => cloudFleetApi(http).version(gatewayId, id),
  });
  if (version.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (version.isError) {
    return (
      <Alert color="red" role="alert" title={t('backupCopies.load.error')}>
        {version.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {version.data.secretsMasked ? (
        <Text size="sm" c="dimmed">
          {t('backupCopies.masked')}
        </Text>
      ) : null}
      <pre
        data-testid="backup-settings"
        className="st-scroll"
        style={{
          margin: 0,
          maxHeight: '60dvh',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: 'var(--st-fz-xs)',
        }}
      >
        {version.data.dump}
      </pre>
    </Stack>
  );
}

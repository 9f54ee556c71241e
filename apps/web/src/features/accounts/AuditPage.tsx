import { ACCOUNT_ROUTES, buildPath } from '@st/protocol';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { Table } from '../../ui/kit/Table';
import { Text, Title } from '../../ui/kit/text';
import { Select } from '../../ui/Select';
import { gatewayKeys, gatewaysApi } from '../gateways/gatewaysApi';
import { accountKeys, accountsApi } from './accountsApi';
import { auditDetail } from './auditDetail';
import { BackToGateways } from './BackToGateways';
import { accountsEn, accountsRu } from './messages';

addTexts(accountsEn, accountsRu);

const epoch = (local: string) => (local === '' ? undefined : new Date(local).getTime());

/** Route /audit: the trail of the gateways the user owns (admins: everything), filtered, with CSV export. */
export default function AuditPage() {
  const { http, config } = useServices();
  const { t, i18n } = useTranslation();
  const [gatewayId, setGatewayId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters = { gatewayId: gatewayId || undefined, from: epoch(from), to: epoch(to) };
  const gateways = useQuery({ queryKey: gatewayKeys.list, queryFn: () => gatewaysApi(http).list() });
  const audit = useQuery({
    queryKey: accountKeys.audit(filters),
    queryFn: () => accountsApi(http).audit(filters),
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  // `denied`: the cloud refused it; otherwise the HTTP status of the answer
  const outcomeText = (outcome: string) =>
    outcome === 'denied'
      ? t('accounts.audit.denied')
      : /^[23]\d\d$/.test(outcome)
        ? t('accounts.audit.outcome.ok', { status: outcome })
        : t('accounts.audit.outcome.status', { status: outcome });
  const names = new Map((gateways.data ?? []).map((g) => [g.id, g.name]));
  const csv = `${config.basePath}${buildPath(ACCOUNT_ROUTES['cloud.audit'].path, {}, { ...filters, format: 'csv' }).slice(1)}`;

  return (
    <Stack gap="sm" w="100%">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('accounts.audit.title')}
        </Title>
        <BackToGateways />
      </Group>
      <Group align="flex-end" gap="xs">
        <Select
          label={t('accounts.audit.gateway')}
          placeholder={t('accounts.audit.gateway.all')}
          clearable
          value={gatewayId === '' ? null : gatewayId}
          onChange={(id) => setGatewayId(id ?? '')}
          data={(gateways.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
        />
        <TextInput
          type="datetime-local"
          label={t('accounts.audit.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label={t('accounts.audit.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Button
          component="a"
          href={csv}
          download="audit.csv"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('accounts.audit.csv')}
        </Button>
      </Group>
      {audit.isPending ? <Loader role="status" size="sm" aria-label={t('common.loading')} /> : null}
      {audit.isError ? <Text c="red">{t('accounts.audit.load.error')}</Text> : null}
      {audit.data?.length === 0 ? <Text c="dimmed">{t('accounts.audit.empty')}</Text> : null}
      {audit.data && audit.data.length > 0 ? (
        // Wider than a phone: its scrolling viewport is reachable and scrollable by keyboard (axe at 390 px).
        <Table.ScrollContainer
          minWidth={640}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('accounts.audit.title') },
          }}
        >
          <Table striped data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('accounts.audit.col.at')}</Table.Th>
                <Table.Th>{t('accounts.audit.col.actor')}</Table.Th>
                <Table.Th>{t('accounts.audit.col.action')}</Table.Th>
                <Table.Th>{t('accounts.audit.col.target')}</Table.Th>
                <Table.Th>{t('accounts.audit.col.outcome')}</Table.Th>
                <Table.Th>{t('accounts.audit.col.duration')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.map((e) => (
                <Table.Tr key={e.id} data-action={e.action}>
                  <Table.Td>{when.format(new Date(e.at))}</Table.Td>
                  <Table.Td>{e.actor ?? ''}</Table.Td>
                  <Table.Td>
                    {t(`accounts.audit.action.${e.action}`)}
                    {e.command ? ` · ${e.command}` : ''}
                    {e.detail ? ` · ${auditDetail(e.detail, t)}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {e.gatewayId ? (names.get(e.gatewayId) ?? e.gatewayId) : ''}
                    {e.device ? ` · ${e.device}` : ''}
                  </Table.Td>
                  <Table.Td>{outcomeText(e.outcome)}</Table.Td>
                  <Table.Td>
                    {e.durationMs === null
                      ? ''
                      : t('accounts.audit.duration', { count: Math.round(e.durationMs) })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

import { useTranslation } from 'react-i18next';
import { Stack } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Table } from '../../ui/kit/Table';
import { Text, Title } from '../../ui/kit/text';
import { Code } from '../../ui/kit/textBlocks';
import { decodeDump, describeHook, SECRET_MASK } from './dumpContent';

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="xs">
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Td w="40%">
              <Code>{key}</Code>
            </Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A dump read with the protocol's codec: WiFi, name, config values, hooks and action delays. */
export function DumpDetails({ dump, reveal = false }: { dump: string; reveal?: boolean }) {
  const { t } = useTranslation();
  const decoded = decodeDump(dump);
  if (!decoded.ok) {
    return (
      <Alert color="orange" title={t('device.settings.info.unreadable')}>
        {decoded.reason}
      </Alert>
    );
  }
  const { wifi, name, config, hooks, actions } = decoded.data;
  const none = (
    <Text size="xs" c="dimmed">
      {t('device.settings.info.none')}
    </Text>
  );
  const heading = (text: string) => (
    <Title order={5} mt={4}>
      {text}
    </Title>
  );
  return (
    <Stack gap={2} data-testid="dump-details">
      {heading(t('device.settings.section.name'))}
      {name === '' ? none : <Text size="sm">{name}</Text>}
      {heading(t('device.settings.section.wifi'))}
      {wifi === null ? (
        none
      ) : (
        <Rows
          rows={[
            ['ssid', wifi.ssid],
            ['password', wifi.password === '' || reveal ? wifi.password : SECRET_MASK],
            ['mode', String(wifi.mode)],
          ]}
        />
      )}
      {heading(t('device.settings.section.config'))}
      {config.length === 0 ? none : <Rows rows={config.map((e) => [e.key, e.value])} />}
      {heading(t('device.settings.section.hooks'))}
      {hooks.length === 0 ? (
        none
      ) : (
        <Rows rows={hooks.map((s) => [s.sensor, s.hooks.map(describeHook).join('; ')])} />
      )}
      {heading(t('device.settings.section.actions'))}
      {actions.length === 0 ? (
        none
      ) : (
        <Rows
          rows={actions.map((a) => [
            a.name,
            a.callDelay === 0 ? t('device.settings.action.off') : `${a.callDelay} ms`,
          ])}
        />
      )}
    </Stack>
  );
}

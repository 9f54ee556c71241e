import type { SettingsDumpRecord } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/kit/status';
import { Table } from '../../ui/kit/Table';
import { Text } from '../../ui/kit/text';
import { decodeDump } from '../settings-dumps/dumpContent';
import { diffSettings } from '../settings-dumps/dumpDiff';

/** What changed between two versions of a device's settings (the dump codec's sections, side by side). */
export function VersionDiff({ older, newer }: { older: SettingsDumpRecord; newer: SettingsDumpRecord }) {
  const { t } = useTranslation();
  const a = decodeDump(newer.dump);
  const b = decodeDump(older.dump);
  if (!a.ok || !b.ok) {
    return (
      <Alert color="orange" title={t('device.settings.diff.error')}>
        {a.ok ? (b.ok ? '' : b.reason) : a.reason}
      </Alert>
    );
  }
  const differences = diffSettings(a.data, b.data);
  if (differences.length === 0) return <Text size="sm">{t('backups.history.same')}</Text>;
  const value = (text: string | undefined) =>
    text ?? (
      <Text span size="xs" c="dimmed">
        {t('device.settings.diff.absent')}
      </Text>
    );
  return (
    <Table
      fz="xs"
      verticalSpacing={2}
      aria-label={t('device.settings.diff.title')}
      data-testid="version-diff"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('device.settings.diff.setting')}</Table.Th>
          <Table.Th>{t('backups.history.older')}</Table.Th>
          <Table.Th>{t('backups.history.newer')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {differences.map((d) => (
          <Table.Tr key={`${d.section}/${d.item}`}>
            <Table.Td>
              {t(`device.settings.section.${d.section}`)}
              {d.section === 'name' ? null : `: ${d.item}`}
            </Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{value(d.device)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{value(d.dump)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import type { DeviceInfo } from '@st/protocol';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { describeFailure } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Stack } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Table } from '../../ui/kit/Table';
import { Text } from '../../ui/kit/text';
import { decodeDump } from './dumpContent';
import { type DumpDifference, diffSettings } from './dumpDiff';
import { useDumpsApi } from './useDumpsApi';

type Comparison =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; differences: DumpDifference[] }
  | { state: 'failed'; reason: string };

/** Reads the device's current settings and lists what importing the dump would change. */
export function DumpDiffView({ dump, device }: { dump: string; device: DeviceInfo }) {
  const { t } = useTranslation();
  const { api } = useDumpsApi();
  const [comparison, setComparison] = useState<Comparison>({ state: 'idle' });

  const compare = async () => {
    setComparison({ state: 'loading' });
    const saved = decodeDump(dump);
    if (!saved.ok) {
      setComparison({ state: 'failed', reason: saved.reason });
      return;
    }
    try {
      const current = decodeDump(await api.exportFrom(device.ip));
      if (!current.ok) setComparison({ state: 'failed', reason: current.reason });
      else setComparison({ state: 'done', differences: diffSettings(saved.data, current.data) });
    } catch (error) {
      setComparison({ state: 'failed', reason: serverMessage(error) ?? describeFailure(error, t) });
    }
  };

  const value = (text: string | undefined) =>
    text === undefined ? (
      <Text span size="xs" c="dimmed">
        {t('device.settings.diff.absent')}
      </Text>
    ) : (
      text
    );

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconArrowsDiff size={14} aria-hidden />}
        onClick={() => void compare()}
        loading={comparison.state === 'loading'}
      >
        {t('device.settings.diff.button')}
      </Button>
      {comparison.state === 'failed' ? (
        <Alert color="orange" title={t('device.settings.diff.error')}>
          {comparison.reason}
        </Alert>
      ) : null}
      {comparison.state === 'done' && comparison.differences.length === 0 ? (
        <Text size="sm">{t('device.settings.diff.same')}</Text>
      ) : null}
      {comparison.state === 'done' && comparison.differences.length > 0 ? (
        <Table fz="xs" verticalSpacing={2} aria-label={t('device.settings.diff.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('device.settings.diff.setting')}</Table.Th>
              <Table.Th>{t('device.settings.diff.dump')}</Table.Th>
              <Table.Th>{t('device.settings.diff.device')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparison.differences.map((d) => (
              <Table.Tr key={`${d.section}/${d.item}`}>
                <Table.Td>
                  {t(`device.settings.section.${d.section}`)}
                  {d.section === 'name' ? null : `: ${d.item}`}
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{value(d.dump)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{value(d.device)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

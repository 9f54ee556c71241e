import { ROLLOUT_DEFAULTS, type RolloutCreate, type RolloutTarget } from '@st/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Paper, SimpleGrid, Stack } from '../../ui/kit/layout';
import { Text, Title } from '../../ui/kit/text';
import { Select } from '../../ui/Select';
import { allTags } from '../tags/tagsApi';
import { formatWaves, parseWaves } from './rolloutModel';
import { rolloutKeys, useRolloutsApi } from './rolloutsApi';

type Kind = RolloutTarget['kind'];

/** A whole number from a field, or undefined when it does not read as one. */
const whole = (text: string): number | undefined =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;

/**
 * The new-rollout form: firmware from the library, a target with the gateway's live count of matching
 * devices (POST /api/rollouts/preview), waves, uploads at once, an optional window, soak and failure limit.
 */
export function CreateRollout({
  onCreated,
  onCancel,
  initialTag = '',
}: {
  onCreated: (id: string) => void;
  onCancel: () => void;
  /** the target tag to start with (the overview's "roll out to devices tagged X") */
  initialTag?: string;
}) {
  const { t } = useTranslation();
  const { api, gatewayKey } = useRolloutsApi();
  const { toaster, log } = useServices();
  const queryClient = useQueryClient();
  const firmwares = useQuery({ queryKey: rolloutKeys.firmwares(gatewayKey), queryFn: api.firmwares });
  const [firmwareId, setFirmwareId] = useState<string | null>(null);
  const [kind, setKind] = useState<Kind>('tag');
  const [tag, setTag] = useState(initialTag);
  const [type, setType] = useState('');
  const [board, setBoard] = useState('');
  const [ips, setIps] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [waves, setWaves] = useState(formatWaves(ROLLOUT_DEFAULTS.waves));
  const [concurrency, setConcurrency] = useState(String(ROLLOUT_DEFAULTS.concurrency));
  const [windowOn, setWindowOn] = useState(false);
  const [start, setStart] = useState('02:00');
  const [end, setEnd] = useState('05:00');
  const [soak, setSoak] = useState(String(ROLLOUT_DEFAULTS.soakMs / 60_000));
  const [failFirst, setFailFirst] = useState(String(ROLLOUT_DEFAULTS.failureLimit.firstWave));
  const [failLater, setFailLater] = useState(String(ROLLOUT_DEFAULTS.failureLimit.laterPercent));
  const [saving, setSaving] = useState(false);
  const devices = useQuery({
    queryKey: rolloutKeys.devices(gatewayKey),
    queryFn: api.devices,
    enabled: kind === 'devices',
  });
  const tags = useQuery({ queryKey: rolloutKeys.tags(gatewayKey), queryFn: api.tags });
  const knownTags = useMemo(() => allTags(tags.data), [tags.data]);

  const firmware = firmwares.data?.find((f) => f.id === firmwareId);
  useEffect(() => {
    if (firmwareId === null && firmwares.data?.[0] !== undefined) setFirmwareId(firmwares.data[0].id);
  }, [firmwareId, firmwares.data]);
  useEffect(() => {
    if (firmware === undefined) return;
    setType(firmware.type);
    setBoard(firmware.board);
  }, [firmware]);

  const target: RolloutTarget | undefined =
    kind === 'tag'
      ? tag.trim() === ''
        ? undefined
        : { kind, tag: tag.trim() }
      : kind === 'typeBoard'
        ? type.trim() === '' || board.trim() === ''
          ? undefined
          : ({ kind, type: type.trim(), board: board.trim() } as RolloutTarget)
        : ips.length === 0
          ? undefined
          : { kind, ips };
  const previewBody = firmwareId === null || target === undefined ? undefined : { firmwareId, target };
  const previewKey = JSON.stringify(previewBody ?? null);
  const preview = useQuery({
    queryKey: rolloutKeys.preview(gatewayKey, previewKey),
    queryFn: () => api.preview(previewBody as NonNullable<typeof previewBody>),
    enabled: previewBody !== undefined,
    retry: false,
  });

  const parsedWaves = parseWaves(waves);
  const body: RolloutCreate | undefined =
    previewBody === undefined || parsedWaves === undefined
      ? undefined
      : {
          ...previewBody,
          ...(name.trim() === '' ? {} : { name: name.trim() }),
          waves: parsedWaves,
          ...(whole(concurrency) === undefined ? {} : { concurrency: whole(concurrency) }),
          ...(windowOn ? { window: { start, end } } : {}),
          ...(whole(soak) === undefined ? {} : { soakMs: (whole(soak) ?? 0) * 60_000 }),
          failureLimit: {
            ...(whole(failFirst) === undefined ? {} : { firstWave: whole(failFirst) }),
            ...(Number(failLater) > 0 ? { laterPercent: Number(failLater) } : {}),
          },
        };

  const submit = async () => {
    if (body === undefined) return;
    setSaving(true);
    try {
      const created = await api.create(body);
      toaster.success({ caption: t('rollouts.create.success') });
      // shown at once, then read again: /rollouts messages sent before this answer arrived found no rollout
      // to move (a first device refused at once had paused it already), and this answer predates them
      queryClient.setQueryData(rolloutKeys.one(gatewayKey, created.id), created);
      void queryClient.invalidateQueries({ queryKey: rolloutKeys.one(gatewayKey, created.id) });
      void queryClient.invalidateQueries({ queryKey: rolloutKeys.list(gatewayKey) });
      onCreated(created.id);
    } catch (error) {
      log.warn('rollout create', error);
      toaster.error({
        caption: t('rollouts.create.error'),
        description: serverMessage(error) ?? describeFailure(error, t),
      });
    } finally {
      setSaving(false);
    }
  };

  const previewError =
    preview.error === null ? undefined : (serverMessage(preview.error) ?? preview.error.message);
  const skipped = preview.data?.skipped ?? [];

  return (
    <Paper withBorder p="md" component="section" aria-label={t('rollouts.create.header')}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('rollouts.create.header')}
        </Title>
        {firmwares.data !== undefined && firmwares.data.length === 0 ? (
          <Text c="dimmed">{t('rollouts.create.firmware.none')}</Text>
        ) : null}
        <TextInput
          label={t('rollouts.create.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select
          label={t('rollouts.create.firmware')}
          data={(firmwares.data ?? []).map((f) => ({
            value: f.id,
            label: t('rollouts.summary.firmware', { type: f.type, version: f.version, board: f.board }),
          }))}
          value={firmwareId}
          onChange={setFirmwareId}
        />
        <Select
          label={t('rollouts.create.target')}
          data={(['tag', 'typeBoard', 'devices'] as const).map((k) => ({
            value: k,
            label: t(`rollouts.create.target.${k}`),
          }))}
          value={kind}
          onChange={(v) => setKind((v ?? 'tag') as Kind)}
        />
        {kind === 'tag' ? (
          <>
            <TextInput
              label={t('rollouts.create.tag')}
              value={tag}
              list="rollout-known-tags"
              onChange={(e) => setTag(e.currentTarget.value)}
            />
            <datalist id="rollout-known-tags">
              {knownTags.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
          </>
        ) : null}
        {kind === 'typeBoard' ? (
          <SimpleGrid cols={2}>
            <TextInput
              label={t('rollouts.create.type')}
              value={type}
              onChange={(e) => setType(e.currentTarget.value)}
            />
            <TextInput
              label={t('rollouts.create.board')}
              value={board}
              onChange={(e) => setBoard(e.currentTarget.value)}
            />
          </SimpleGrid>
        ) : null}
        {kind === 'devices' ? (
          <Stack gap={4}>
            {devices.data !== undefined && devices.data.length === 0 ? (
              <Text c="dimmed">{t('rollouts.create.devices.none')}</Text>
            ) : null}
            {(devices.data ?? []).map((d) => (
              <Checkbox
                key={d.ip}
                label={`${d.name} (${d.ip})`}
                checked={ips.includes(d.ip)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setIps((list) => (on ? [...list, d.ip] : list.filter((ip) => ip !== d.ip)));
                }}
              />
            ))}
          </Stack>
        ) : null}
        <Stack gap={2} aria-live="polite" data-testid="rollout-preview">
          {preview.data !== undefined ? (
            <Text size="sm" fw={600}>
              {t('rollouts.preview.matched', { count: preview.data.matched })}
            </Text>
          ) : null}
          {skipped.length > 0 ? (
            <>
              <Text size="sm">{t('rollouts.preview.skipped', { count: skipped.length })}</Text>
              {skipped.slice(0, 20).map((s) => (
                <Text key={s.ip} size="xs" c="dimmed">
                  {t('rollouts.preview.skip', { name: s.name, ip: s.ip, reason: s.reason })}
                </Text>
              ))}
            </>
          ) : null}
          {previewError !== undefined ? (
            <Text size="sm" c="red">
              {t('rollouts.preview.error', { error: previewError })}
            </Text>
          ) : null}
        </Stack>
        <TextInput
          label={t('rollouts.create.waves')}
          description={t('rollouts.create.waves.hint')}
          value={waves}
          error={parsedWaves === undefined ? t('rollouts.create.waves.bad') : undefined}
          onChange={(e) => setWaves(e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('rollouts.create.concurrency')}
            type="number"
            min={1}
            value={concurrency}
            onChange={(e) => setConcurrency(e.currentTarget.value)}
          />
          <TextInput
            label={t('rollouts.create.soak')}
            type="number"
            min={0}
            value={soak}
            onChange={(e) => setSoak(e.currentTarget.value)}
          />
          <TextInput
            label={t('rollouts.create.failFirst')}
            type="number"
            min={1}
            value={failFirst}
            onChange={(e) => setFailFirst(e.currentTarget.value)}
          />
          <TextInput
            label={t('rollouts.create.failLater')}
            type="number"
            min={1}
            max={100}
            value={failLater}
            onChange={(e) => setFailLater(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Checkbox
          label={t('rollouts.create.window')}
          checked={windowOn}
          onChange={(e) => setWindowOn(e.currentTarget.checked)}
        />
        {windowOn ? (
          <SimpleGrid cols={2}>
            <TextInput
              label={t('rollouts.create.window.start')}
              type="time"
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
            />
            <TextInput
              label={t('rollouts.create.window.end')}
              type="time"
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
            />
          </SimpleGrid>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} disabled={body === undefined} onClick={() => void submit()}>
            {t('rollouts.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

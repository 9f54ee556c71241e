import { type CloudRolloutCreate, type CloudRolloutTarget, ROLE_RANK, ROLLOUT_DEFAULTS } from '@st/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { Button } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Paper, SimpleGrid, Stack } from '../../ui/kit/layout';
import { Text, Title } from '../../ui/kit/text';
import { Select } from '../../ui/Select';
import { formatWaves, parseWaves } from '../rollouts/rolloutModel';
import { type CloudRolloutsApi, cloudRolloutKeys } from './cloudRolloutsApi';
import { DevicePicker, type PickedDevice } from './DevicePicker';

const num = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

/**
 * The new rollout across gateways: the gateways you run (picked, or by a gateway tag), the firmware from one
 * gateway's library, the devices (a device tag, or a type and board) with the live count over every gateway,
 * waves counted over all of them, soak, failure limits and an optional window.
 */
export function CreateCloudRollout({
  api,
  onCreated,
  onCancel,
}: {
  api: CloudRolloutsApi;
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const gateways = useQuery({ queryKey: ['gateways'], queryFn: api.gateways });
  const runnable = (gateways.data ?? []).filter((g) => ROLE_RANK[g.role ?? 'owner'] >= ROLE_RANK.operator);
  const [picked, setPicked] = useState<string[]>([]);
  const [gatewayTag, setGatewayTag] = useState('');
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [firmwareId, setFirmwareId] = useState<string | null>(null);
  const [kind, setKind] = useState<CloudRolloutTarget['kind']>('tag');
  const [devices, setDevices] = useState<PickedDevice[]>([]);
  const [tag, setTag] = useState('');
  const [type, setType] = useState('');
  const [board, setBoard] = useState('');
  const [name, setName] = useState('');
  const [waves, setWaves] = useState(formatWaves(ROLLOUT_DEFAULTS.waves));
  const [soak, setSoak] = useState(String(ROLLOUT_DEFAULTS.soakMs / 60_000));
  const [failFirst, setFailFirst] = useState(String(ROLLOUT_DEFAULTS.failureLimit.firstWave));
  const [failLater, setFailLater] = useState(String(ROLLOUT_DEFAULTS.failureLimit.laterPercent));
  const [windowOn, setWindowOn] = useState(false);
  const [start, setStart] = useState('02:00');
  const [end, setEnd] = useState('05:00');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const source = runnable.find((g) => g.id === sourceId);
  const firmwares = useQuery({
    queryKey: cloudRolloutKeys.firmwares(sourceId ?? ''),
    queryFn: () => api.firmwares(source ?? { id: '', name: '', description: '' }),
    enabled: source !== undefined,
  });
  const target = targetOf(kind, tag, type, board, devices);
  const selection = {
    ...(picked.length ? { ids: picked } : {}),
    ...(gatewayTag.trim() ? { tag: gatewayTag.trim() } : {}),
  };
  const base =
    sourceId && firmwareId && target && (picked.length > 0 || gatewayTag.trim() !== '')
      ? { source: { gatewayId: sourceId, firmwareId }, gateways: selection, target }
      : undefined;
  const preview = useQuery({
    queryKey: cloudRolloutKeys.preview(JSON.stringify(base ?? null)),
    queryFn: () => api.preview(base as NonNullable<typeof base>),
    enabled: base !== undefined,
    retry: false,
  });
  const parsedWaves = parseWaves(waves);

  const submit = async () => {
    if (!base || !parsedWaves) return setError(t('cloudRollouts.form.invalid'));
    const body: CloudRolloutCreate = {
      ...base,
      ...(name.trim() ? { name: name.trim() } : {}),
      waves: parsedWaves,
      ...(num(soak) === undefined ? {} : { soakMs: (num(soak) ?? 0) * 60_000 }),
      ...(windowOn ? { window: { start, end } } : {}),
      failureLimit: {
        ...(num(failFirst) ? { firstWave: num(failFirst) } : {}),
        ...(num(failLater) ? { laterPercent: num(failLater) } : {}),
      },
    };
    setSaving(true);
    setError(undefined);
    try {
      const created = await api.create(body);
      queryClient.setQueryData(cloudRolloutKeys.one(created.id), created);
      void queryClient.invalidateQueries({ queryKey: cloudRolloutKeys.list });
      onCreated(created.id);
    } catch (e) {
      setError(t('cloudRollouts.failed', { reason: serverMessage(e) ?? String(e) }));
    } finally {
      setSaving(false);
    }
  };

  const field = (label: string, value: string, set: (v: string) => void, extra: object = {}) => (
    <TextInput label={label} value={value} onChange={(e) => set(e.currentTarget.value)} {...extra} />
  );
  return (
    <Paper withBorder p="md" component="section" aria-label={t('cloudRollouts.new')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('cloudRollouts.new')}
        </Title>
        <Stack gap={4} role="group" aria-label={t('cloudRollouts.form.gateways')}>
          <Text size="sm" fw={600}>
            {t('cloudRollouts.form.gateways')}
          </Text>
          {runnable.map((g) => (
            <Checkbox
              key={g.id}
              label={g.tags?.length ? `${g.name} (${g.tags.join(', ')})` : g.name}
              checked={picked.includes(g.id)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setPicked((p) => (on ? [...p, g.id] : p.filter((x) => x !== g.id)));
              }}
            />
          ))}
        </Stack>
        {field(t('cloudRollouts.form.gatewayTag'), gatewayTag, setGatewayTag)}
        <SimpleGrid cols={2}>
          <Select
            label={t('cloudRollouts.form.source')}
            data={runnable.map((g) => ({ value: g.id, label: g.name }))}
            value={sourceId}
            onChange={(v) => {
              setSourceId(v);
              setFirmwareId(null);
            }}
          />
          <Select
            label={t('cloudRollouts.form.firmware')}
            data={(firmwares.data ?? []).map((f) => ({
              value: f.id,
              label: `${f.type} ${f.version} (${f.board})`,
            }))}
            value={firmwareId}
            onChange={setFirmwareId}
          />
        </SimpleGrid>
        <Select
          label={t('cloudRollouts.form.target')}
          data={(['tag', 'typeBoard', 'devices'] as const).map((k) => ({
            value: k,
            label: t(`cloudRollouts.form.target.${k}`),
          }))}
          value={kind}
          onChange={(v) => setKind(v === 'typeBoard' || v === 'devices' ? v : 'tag')}
        />
        {kind === 'tag' ? field(t('cloudRollouts.form.tag'), tag, setTag) : null}
        {kind === 'typeBoard' ? (
          <SimpleGrid cols={2}>
            {field(t('cloudRollouts.form.type'), type, setType)}
            {field(t('cloudRollouts.form.board'), board, setBoard)}
          </SimpleGrid>
        ) : null}
        {kind === 'devices' ? (
          <DevicePicker
            gateways={runnable.filter((g) => picked.includes(g.id))}
            picked={devices}
            onChange={setDevices}
          />
        ) : null}
        {preview.data ? (
          <Stack gap={2} aria-live="polite" data-testid="cloud-rollout-count">
            <Text size="sm" fw={600}>
              {t('cloudRollouts.form.count', { count: preview.data.matched })}
            </Text>
            {preview.data.gateways
              .filter((g) => !g.online)
              .map((g) => (
                <Text key={g.gatewayId} size="xs" c="dimmed">
                  {t('cloudRollouts.form.offline', { name: g.name })}
                </Text>
              ))}
          </Stack>
        ) : null}
        {preview.error ? <Text c="red">{serverMessage(preview.error) ?? preview.error.message}</Text> : null}
        {field(t('cloudRollouts.form.name'), name, setName)}
        <SimpleGrid cols={2}>
          {field(t('cloudRollouts.form.waves'), waves, setWaves, {
            description: t('cloudRollouts.form.waves.hint'),
          })}
          {field(t('cloudRollouts.form.soak'), soak, setSoak, { inputMode: 'numeric' })}
          {field(t('cloudRollouts.form.failFirst'), failFirst, setFailFirst, { inputMode: 'numeric' })}
          {field(t('cloudRollouts.form.failLater'), failLater, setFailLater, { inputMode: 'numeric' })}
        </SimpleGrid>
        <Checkbox
          label={t('cloudRollouts.form.window')}
          checked={windowOn}
          onChange={(e) => setWindowOn(e.currentTarget.checked)}
        />
        {windowOn ? (
          <SimpleGrid cols={2}>
            {field(t('cloudRollouts.form.start'), start, setStart, { type: 'time' })}
            {field(t('cloudRollouts.form.end'), end, setEnd, { type: 'time' })}
          </SimpleGrid>
        ) : null}
        {error ? (
          <Text c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cloudRollouts.form.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={saving} disabled={base === undefined}>
            {t('cloudRollouts.form.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The target the form describes; undefined while it is incomplete. */
function targetOf(
  kind: CloudRolloutTarget['kind'],
  tag: string,
  type: string,
  board: string,
  devices: PickedDevice[],
): CloudRolloutTarget | undefined {
  if (kind === 'tag') return tag.trim() === '' ? undefined : { kind, tag: tag.trim() };
  if (kind === 'devices') return devices.length === 0 ? undefined : { kind, devices };
  if (type.trim() === '' || board.trim() === '') return undefined;
  return { kind, type: type.trim(), board: board.trim() } as CloudRolloutTarget;
}

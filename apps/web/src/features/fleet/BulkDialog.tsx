import type { DeviceInfo, Firmware } from '@st/protocol';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { describeFailure } from '../../ui/describeFailure';
import { downloadBlob } from '../../ui/downloadText';
import { Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { Switch } from '../../ui/kit/toggles';
import { Select } from '../../ui/Select';
import { useDeviceCaller } from '../devices/api/useDevices';
import { otaEn, otaRu } from '../ota/messages';
import { type UploadOutcome, useOtaActions } from '../ota/useOtaActions';
import { sameType } from '../ota/versions';
import { fleetEn, fleetRu } from './messages';
import { OutcomeList, type OutcomeRow } from './OutcomeList';
import { runEach } from './runEach';
import { type ExportedDump, settingsArchive } from './settingsArchive';
import { useFirmwareLibrary } from './useFirmwareLibrary';
import { useOtaOutcome } from './useOtaOutcome';

addTexts(fleetEn, fleetRu);
addTexts(otaEn, otaRu);

export type BulkAction = 'restart' | 'export' | 'firmware';

/** Device commands sent at once by a bulk action (the gateway serialises per device anyway). */
const PARALLEL = 4;

const titles = {
  restart: 'fleet.bulk.restart.title',
  export: 'fleet.bulk.export.title',
  firmware: 'fleet.bulk.firmware.title',
} as const;

export interface BulkDialogProps {
  action: BulkAction | undefined;
  devices: DeviceInfo[];
  onClose: () => void;
}

/**
 * A bulk action on the devices chosen in the list, with one outcome line per device. Restart (confirmed
 * before this opens) and export run at once; firmware first asks which image, then goes through the OTA
 * screen's own upload (its type-mismatch refusal and downgrade warning) and follows each upload.
 */
export function BulkDialog({ action, devices, onClose }: BulkDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={action !== undefined}
      onClose={onClose}
      size="large"
      title={action === undefined ? '' : t(titles[action])}
    >
      {action === 'firmware' ? (
        <FirmwareBulk devices={devices} onClose={onClose} />
      ) : action !== undefined ? (
        <CommandBulk action={action} devices={devices} onClose={onClose} />
      ) : null}
    </AppModal>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {t('fleet.outcome.close')}
      </Button>
    </Group>
  );
}

/** Restart or export: every device at once (a few in parallel), each line updated as its answer comes. */
function CommandBulk({
  action,
  devices,
  onClose,
}: {
  action: 'restart' | 'export';
  devices: DeviceInfo[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const call = useDeviceCaller();
  const [rows, setRows] = useState<OutcomeRow[]>(() =>
    devices.map((d) => ({ ip: d.ip, name: d.name, state: 'running' })),
  );
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const update = (ip: string, row: Partial<OutcomeRow>) =>
      setRows((list) => list.map((r) => (r.ip === ip ? { ...r, ...row } : r)));
    const dumps: ExportedDump[] = [];
    void runEach(devices, PARALLEL, async (d) => {
      try {
        if (action === 'restart') {
          await call(d.ip, 'restart');
          update(d.ip, { state: 'done', detail: t('fleet.bulk.restart.done') });
        } else {
          dumps.push({ device: d, dump: await call(d.ip, 'exportSettings') });
          update(d.ip, { state: 'done' });
        }
      } catch (error) {
        update(d.ip, { state: 'failed', detail: serverMessage(error) ?? describeFailure(error, t) });
      }
    }).then(() => {
      if (action !== 'export' || dumps.length === 0) return;
      const order = new Map(devices.map((d, i) => [d.ip, i]));
      dumps.sort((a, b) => (order.get(a.device.ip) ?? 0) - (order.get(b.device.ip) ?? 0));
      const file = settingsArchive(dumps, new Date().toISOString().slice(0, 10));
      downloadBlob(file.blob, file.name);
      setSaved(file.name);
    });
  }, [action, devices, call, t]);

  return (
    <Stack gap="sm">
      <OutcomeList rows={rows} />
      {saved === undefined ? null : (
        <Text size="sm" role="status">
          {t('fleet.bulk.export.saved', { file: saved })}
        </Text>
      )}
      <CloseButton onClose={onClose} />
    </Stack>
  );
}

/** Firmware: choose an image; devices of another board are skipped, of another type only with the override. */
function FirmwareBulk({ devices, onClose }: { devices: DeviceInfo[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { library } = useFirmwareLibrary();
  const actions = useOtaActions();
  const [firmwareId, setFirmwareId] = useState<string | null>(null);
  const [override, setOverride] = useState(false);
  const [outcome, setOutcome] = useState<UploadOutcome | undefined>(undefined);
  const [skipped, setSkipped] = useState<OutcomeRow[]>([]);
  const [busy, setBusy] = useState(false);
  const images = library.data ?? [];
  const firmware = images.find((f) => f.id === firmwareId);
  const boards = new Set(devices.map((d) => d.board));

  const skipReason = (f: Firmware, d: DeviceInfo): string | undefined =>
    d.board !== f.board
      ? t('fleet.bulk.firmware.otherBoard', { board: d.board, firmwareBoard: f.board })
      : !override && !sameType(d, f)
        ? t('fleet.bulk.firmware.otherType', { type: d.type })
        : undefined;
  const targets = firmware === undefined ? [] : devices.filter((d) => skipReason(firmware, d) === undefined);
  const otaRows = useOtaOutcome(targets, outcome);

  const start = async (f: Firmware) => {
    setBusy(true);
    const result = await actions.upload(f, targets);
    setBusy(false);
    if (result === undefined) return;
    setSkipped(
      devices.flatMap((d) => {
        const reason = skipReason(f, d);
        return reason === undefined ? [] : [{ ip: d.ip, name: d.name, state: 'skipped', detail: reason }];
      }),
    );
    setOutcome(result);
  };

  if (outcome !== undefined)
    return (
      <Stack gap="sm">
        <OutcomeList rows={[...otaRows, ...skipped]} />
        <CloseButton onClose={onClose} />
      </Stack>
    );
  const hasOtherTypes =
    firmware !== undefined && devices.some((d) => d.board === firmware.board && !sameType(d, firmware));
  return (
    <Stack gap="sm">
      <Select
        label={t('fleet.bulk.firmware.pick')}
        placeholder={t('fleet.bulk.firmware.pick.placeholder')}
        data={images
          .filter((f) => boards.has(f.board))
          .map((f) => ({ value: f.id, label: `${f.type} ${f.version} (${f.board})` }))}
        value={firmwareId}
        onChange={setFirmwareId}
      />
      {hasOtherTypes ? (
        <Switch
          checked={override}
          onChange={(e) => setOverride(e.currentTarget.checked)}
          label={t('ota.upload.override')}
          description={t('ota.upload.override.hint')}
          color="red"
        />
      ) : null}
      {firmware === undefined ? null : (
        <OutcomeList
          rows={devices.map((d) => {
            const reason = skipReason(firmware, d);
            return reason === undefined
              ? {
                  ip: d.ip,
                  name: d.name,
                  state: 'running',
                  detail: t('ota.upload.versions', {
                    current: d.version || t('ota.upload.version.unknown'),
                    next: firmware.version,
                  }),
                }
              : { ip: d.ip, name: d.name, state: 'skipped', detail: reason };
          })}
          preview
        />
      )}
      <Group justify="flex-end">
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          disabled={firmware === undefined || targets.length === 0}
          loading={busy}
          onClick={() => {
            if (firmware !== undefined) void start(firmware);
          }}
        >
          {t('fleet.bulk.firmware.start', { count: targets.length })}
        </Button>
      </Group>
    </Stack>
  );
}

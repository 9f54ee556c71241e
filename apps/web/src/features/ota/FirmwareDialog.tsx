import {
  type Board,
  BoardSchema,
  FIRMWARE_IMAGE_MIN_BYTES,
  type Firmware,
  parseFirmwareImage,
} from '@st/protocol';
import { IconFileUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { Progress } from '../../ui/kit/progress';
import { Text } from '../../ui/kit/text';
import { FileInput } from '../../ui/kit/textFields';
import { Select } from '../../ui/Select';
import { deliveryEn, deliveryRu } from '../delivery/messages';
import { fleetEn, fleetRu } from '../fleet/messages';
import { otaEn, otaRu } from './messages';
import { otaKeys } from './otaKeys';
import { useOtaActions } from './useOtaActions';
import { useOtaApi } from './useOtaApi';

addTexts(otaEn, otaRu);
addTexts(fleetEn, fleetRu);
addTexts(deliveryEn, deliveryRu);

export interface FirmwareDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this firmware; absent means add a new one (with its file). */
  firmware?: Firmware | undefined;
}

type Detected = { ok: true; version: string } | { ok: false } | undefined;

/** Add a firmware (board, type, version, .bin file) or edit one's board, type and version. */
export function FirmwareDialog({ opened, onClose, firmware }: FirmwareDialogProps) {
  const { t, i18n } = useTranslation();
  const { api, gatewayKey } = useOtaApi();
  const actions = useOtaActions();
  const editing = firmware !== undefined;
  const boards = useQuery({ queryKey: otaKeys.boards(gatewayKey), queryFn: api.boards, enabled: opened });
  const [board, setBoard] = useState<Board | null>(null);
  const [type, setType] = useState('');
  const [version, setVersion] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [detected, setDetected] = useState<Detected>(undefined);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);

  useEffect(() => {
    if (!opened) return;
    setBoard(firmware?.board ?? null);
    setType(firmware?.type ?? '');
    setVersion(firmware?.version ?? '');
    setFile(null);
    setDetected(undefined);
    setTried(false);
  }, [opened, firmware]);

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setDetected(undefined);
    if (chosen === null) return;
    const head = new Uint8Array(await chosen.slice(0, FIRMWARE_IMAGE_MIN_BYTES).arrayBuffer());
    const image = parseFirmwareImage(head);
    if (!image.ok) {
      setDetected({ ok: false });
      return;
    }
    setDetected({ ok: true, version: image.value.version });
    setVersion((v) => (v.trim() === '' ? image.value.version : v));
    setBoard((b) => b ?? 'esp32');
  };

  const required = (value: string | null) =>
    tried && (value ?? '').trim() === '' ? t('ota.firmware.info.required') : undefined;
  const submit = async () => {
    setTried(true);
    if (board === null || type.trim() === '' || version.trim() === '' || (!editing && file === null)) return;
    setBusy(true);
    const info = { board, type: type.trim(), version: version.trim() };
    const done = editing
      ? await actions.update({ id: firmware.id, ...info })
      : file !== null && (await actions.add(info, file, (sent, total) => setProgress({ sent, total })));
    setBusy(false);
    setProgress(null);
    if (done) onClose();
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={t(editing ? 'ota.edit.header' : 'ota.add.header')}>
      <Stack gap="sm">
        {!editing ? (
          <FileInput
            label={t('ota.firmware.info.file')}
            accept=".bin,application/octet-stream"
            value={file}
            onChange={(f) => void chooseFile(f)}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            error={tried && file === null ? t('ota.firmware.info.required') : undefined}
            clearable
          />
        ) : null}
        {detected?.ok === true ? (
          <Text size="xs" c="dimmed">
            {t('ota.add.detected', { board: 'esp32', version: detected.version })}
          </Text>
        ) : null}
        {detected?.ok === false ? (
          <Text size="xs" c="orange">
            {t('ota.add.notImage')}
          </Text>
        ) : null}
        <Select
          label={t('ota.firmware.info.board')}
          data={boards.data ?? []}
          value={board}
          onChange={(value) => setBoard(BoardSchema.safeParse(value).data ?? null)}
          error={boards.error !== null ? t('ota.add.supported.error') : required(board)}
        />
        <TextInput
          label={t('ota.firmware.info.type')}
          value={type}
          onChange={(e) => setType(e.currentTarget.value)}
          error={required(type)}
        />
        <TextInput
          label={t('ota.firmware.info.version')}
          value={version}
          onChange={(e) => setVersion(e.currentTarget.value)}
          error={required(version)}
        />
        {progress !== null ? <UploadProgressBar {...progress} locale={i18n.language} /> : null}
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={busy}>
            {t(editing ? 'ota.edit.button' : 'ota.add.button')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function UploadProgressBar({ sent, total, locale }: { sent: number; total: number; locale: string }) {
  const { t } = useTranslation();
  const mb = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percent = total > 0 ? Math.round((sent / total) * 100) : 0;
  const text = t('delivery.upload.progress', {
    sent: mb.format(sent / 1024 / 1024),
    count: total / 1024 / 1024,
  });
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={t('delivery.upload.progress.label')} />
      <Text size="xs" c="dimmed" data-testid="upload-progress" data-sent={sent} data-total={total}>
        {text}
      </Text>
    </Stack>
  );
}

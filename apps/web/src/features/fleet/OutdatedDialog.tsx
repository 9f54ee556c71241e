import type { DeviceInfo, Firmware } from '@st/protocol';
import { IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { describeFailure } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { Loader } from '../../ui/kit/feedback';
import { Center, Group, Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { otaEn, otaRu } from '../ota/messages';
import { otaKeys } from '../ota/otaKeys';
import type { UploadOutcome } from '../ota/useOtaActions';
import { useOtaApi } from '../ota/useOtaApi';
import { fleetEn, fleetRu } from './messages';
import { OutcomeList } from './OutcomeList';
import { useFirmwareLibrary } from './useFirmwareLibrary';
import { useOtaOutcome } from './useOtaOutcome';

addTexts(otaEn, otaRu);
addTexts(fleetEn, fleetRu);

interface Planned {
  device: DeviceInfo;
  firmware: Firmware;
}

/**
 * "Update all outdated": every device (found or saved) whose firmware is older than the newest image of its
 * type and board, all chosen at first. Only images of the device's own type are offered, so the type-mismatch
 * rule holds without an override. After a confirmation the uploads start (one batch per image) and the dialog
 * follows each device to its outcome.
 */
export function OutdatedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { api, gatewayKey } = useOtaApi();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { library, newerFor } = useFirmwareLibrary();
  const devices = useQuery({ queryKey: otaKeys.devices(gatewayKey), queryFn: api.devices, enabled: opened });
  const [skipped, setSkipped] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<UploadOutcome | undefined>(undefined);
  const [sent, setSent] = useState<DeviceInfo[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setSkipped([]);
      setOutcome(undefined);
    }
  }, [opened]);

  const plan: Planned[] = (devices.data ?? []).flatMap((device) => {
    const firmware = newerFor(device);
    return firmware === undefined ? [] : [{ device, firmware }];
  });
  const chosen = plan.filter((p) => !skipped.includes(p.device.ip));
  // The devices sent stay listed while their versions change (an updated device is no longer outdated).
  const rows = useOtaOutcome(sent, outcome);

  const start = async () => {
    const message = t('fleet.outdated.confirm', {
      devices: chosen
        .map((p) => `${p.device.name} (${p.device.version ?? '?'} → ${p.firmware.version})`)
        .join(', '),
    });
    if (!(await confirm({ message }))) return;
    setBusy(true);
    const result: UploadOutcome = new Map();
    const byImage = new Map<string, Planned[]>();
    for (const p of chosen) byImage.set(p.firmware.id, [...(byImage.get(p.firmware.id) ?? []), p]);
    for (const [firmwareId, group] of byImage) {
      try {
        const started = await api.uploadTo(
          firmwareId,
          group.map((p) => ({ ip: p.device.ip, name: p.device.name })),
        );
        for (const p of group) {
          const taskId = started[p.device.ip];
          result.set(p.device.ip, taskId === undefined ? { error: t('fleet.outcome.refused') } : { taskId });
        }
      } catch (error) {
        const reason = serverMessage(error) ?? describeFailure(error, t);
        for (const p of group) result.set(p.device.ip, { error: reason });
      }
    }
    setBusy(false);
    setSent(chosen.map((p) => p.device));
    setOutcome(result);
    await queryClient.invalidateQueries({ queryKey: otaKeys.active(gatewayKey) });
  };

  const loading = devices.isPending || library.isPending;
  return (
    <AppModal opened={opened} onClose={onClose} size="large" title={t('fleet.outdated.title')}>
      <Stack gap="sm">
        {outcome !== undefined ? (
          <OutcomeList rows={rows} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('fleet.outdated.hint')}
            </Text>
            {loading ? (
              <Center p="sm">
                <Loader role="status" size="sm" aria-label={t('common.loading')} />
              </Center>
            ) : null}
            {devices.error !== null ? <Text c="red">{t('ota.upload.devices.error')}</Text> : null}
            {!loading && plan.length === 0 ? <Text size="sm">{t('fleet.outdated.none')}</Text> : null}
            <div className="st-scroll" style={{ maxHeight: 320 }}>
              <Stack gap="xs">
                {plan.map(({ device, firmware }) => (
                  <Checkbox
                    key={device.ip}
                    checked={!skipped.includes(device.ip)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setSkipped((list) =>
                        on ? list.filter((ip) => ip !== device.ip) : [...list, device.ip],
                      );
                    }}
                    label={`${device.name} (${device.ip})`}
                    description={`${firmware.type} · ${t('ota.upload.versions', {
                      current: device.version ?? '',
                      next: firmware.version,
                    })}`}
                  />
                ))}
              </Stack>
            </div>
          </>
        )}
        <Group justify="flex-end">
          {outcome === undefined ? (
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={chosen.length === 0}
              loading={busy}
              onClick={() => void start()}
            >
              {t('fleet.outdated.start', { count: chosen.length })}
            </Button>
          ) : (
            <Button variant="default" onClick={onClose}>
              {t('fleet.outcome.close')}
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}

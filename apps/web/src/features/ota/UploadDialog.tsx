import type { DeviceInfo, Firmware } from '@st/protocol';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { Loader } from '../../ui/kit/feedback';
import { Center, Group, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { Switch } from '../../ui/kit/toggles';
import { sortByIp } from '../devices/model/address';
import { fleetEn, fleetRu } from '../fleet/messages';
import { otaEn, otaRu } from './messages';
import { otaKeys } from './otaKeys';
import { useOtaActions } from './useOtaActions';
import { useOtaApi } from './useOtaApi';
import { sameType, versionStep } from './versions';

addTexts(otaEn, otaRu);
addTexts(fleetEn, fleetRu);

export interface UploadDialogProps {
  firmware: Firmware | undefined;
  onClose: () => void;
}

/**
 * The device picker of an upload: devices of the firmware's board (sorted by ip), several at once, each with
 * its current version beside the firmware's. Devices of another type are offered only after the override
 * switch, and the confirmation then names them.
 */
export function UploadDialog({ firmware, onClose }: UploadDialogProps) {
  const { t } = useTranslation();
  const { api, gatewayKey } = useOtaApi();
  const actions = useOtaActions();
  const opened = firmware !== undefined;
  const devices = useQuery({ queryKey: otaKeys.devices(gatewayKey), queryFn: api.devices, enabled: opened });
  const [chosen, setChosen] = useState<string[]>([]);
  const [override, setOverride] = useState(false);

  useEffect(() => {
    if (opened) {
      setChosen([]);
      setOverride(false);
    }
  }, [opened]);

  const fitting = sortByIp((devices.data ?? []).filter((d) => d.board === firmware?.board));
  const allowed = (d: DeviceInfo) => firmware !== undefined && (override || sameType(d, firmware));
  const hasOtherTypes = firmware !== undefined && fitting.some((d) => !sameType(d, firmware));
  const toggleOverride = (on: boolean) => {
    setOverride(on);
    if (!on && firmware !== undefined)
      setChosen((list) => list.filter((ip) => fitting.some((d) => d.ip === ip && sameType(d, firmware))));
  };
  const upload = async () => {
    if (firmware === undefined) return;
    const targets = fitting.filter((d) => chosen.includes(d.ip) && allowed(d));
    onClose();
    await actions.upload(firmware, targets);
  };

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      size="large"
      title={t('ota.upload.to', { type: firmware?.type ?? '', version: firmware?.version ?? '' })}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('ota.upload.to.hint', { board: firmware?.board ?? '' })}
        </Text>
        {devices.isPending ? (
          <Center p="sm">
            <Loader role="status" size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : null}
        {devices.error !== null ? <Text c="red">{t('ota.upload.devices.error')}</Text> : null}
        {devices.data !== undefined && fitting.length === 0 ? (
          <Text size="sm">{t('ota.upload.to.none', { board: firmware?.board ?? '' })}</Text>
        ) : null}
        {hasOtherTypes ? (
          <Switch
            checked={override}
            onChange={(e) => toggleOverride(e.currentTarget.checked)}
            label={t('ota.upload.override')}
            description={t('ota.upload.override.hint')}
            color="red"
          />
        ) : null}
        <div className="st-scroll" style={{ maxHeight: 320 }}>
          <Checkbox.Group value={chosen} onChange={setChosen}>
            <Stack gap="xs">
              {firmware === undefined
                ? null
                : fitting.map((d) => (
                    <DeviceChoice key={d.ip} device={d} firmware={firmware} disabled={!allowed(d)} />
                  ))}
            </Stack>
          </Checkbox.Group>
        </div>
        <Group justify="flex-end">
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={chosen.length === 0}
            onClick={() => void upload()}
          >
            {t('ota.upload.button')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function DeviceChoice({
  device,
  firmware,
  disabled,
}: {
  device: DeviceInfo;
  firmware: Firmware;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const step = versionStep(device, firmware);
  const versions = t('ota.upload.versions', {
    current: device.version || t('ota.upload.version.unknown'),
    next: firmware.version,
  });
  return (
    <Checkbox
      value={device.ip}
      disabled={disabled}
      label={`${device.name} (${device.ip})`}
      description={
        <Group gap={6} component="span" data-testid="ota-upload-versions">
          <span>{versions}</span>
          {sameType(device, firmware) ? null : (
            <Badge size="xs" color="red" variant="light" component="span">
              {t('ota.upload.badge.otherType', { type: device.type })}
            </Badge>
          )}
          {step === 'downgrade' ? (
            <Badge size="xs" color="orange" variant="light" component="span">
              {t('ota.upload.badge.downgrade')}
            </Badge>
          ) : null}
          {step === 'same' ? (
            <Badge size="xs" color="gray" variant="light" component="span">
              {t('ota.upload.badge.same')}
            </Badge>
          ) : null}
        </Group>
      }
    />
  );
}

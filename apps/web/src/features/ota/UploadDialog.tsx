import { Button, Center, Checkbox, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import type { Firmware } from '@st/protocol';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { otaKeys } from './otaApi';
import { useOtaActions } from './useOtaActions';
import { useOtaApi } from './useOtaApi';

export interface UploadDialogProps {
  firmware: Firmware | undefined;
  onClose: () => void;
}

/** The device picker of an upload: devices of the firmware's board, several at once, then a confirmation. */
export function UploadDialog({ firmware, onClose }: UploadDialogProps) {
  const { t } = useTranslation();
  const { api, gatewayKey } = useOtaApi();
  const actions = useOtaActions();
  const opened = firmware !== undefined;
  const devices = useQuery({ queryKey: otaKeys.devices(gatewayKey), queryFn: api.devices, enabled: opened });
  const [chosen, setChosen] = useState<string[]>([]);

  useEffect(() => {
    if (opened) setChosen([]);
  }, [opened]);

  const fitting = (devices.data ?? []).filter((d) => d.board === firmware?.board);
  const upload = async () => {
    if (firmware === undefined) return;
    const targets = fitting.filter((d) => chosen.includes(d.ip));
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
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : null}
        {devices.error !== null ? <Text c="red">{t('ota.upload.devices.error')}</Text> : null}
        {devices.data !== undefined && fitting.length === 0 ? (
          <Text size="sm">{t('ota.upload.to.none', { board: firmware?.board ?? '' })}</Text>
        ) : null}
        <ScrollArea.Autosize mah={320}>
          <Checkbox.Group value={chosen} onChange={setChosen}>
            <Stack gap="xs">
              {fitting.map((d) => (
                <Checkbox
                  key={d.ip}
                  value={d.ip}
                  label={`${d.name} (${d.ip})`}
                  description={d.version ? t('ota.upload.to.current', { version: d.version }) : undefined}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
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

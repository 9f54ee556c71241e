import type { DeviceInfo } from '@st/protocol';
import { IconPower } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { addTexts } from '../../i18n';
import { describeFailure } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { Group } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { useDeviceCaller } from '../devices/api/useDevices';
import { fleetEn, fleetRu } from './messages';

addTexts(fleetEn, fleetRu);

/** How often a restarting device is asked for its uptime, and how long before giving up. */
const POLL_MS = 1000;
const GIVE_UP_MS = 90_000;

type State =
  | { step: 'offer' }
  | { step: 'restarting' }
  | { step: 'back'; at: Date }
  | { step: 'failed'; why: string };

/**
 * After a save that takes effect only after a restart (Wi-Fi settings): "Restart now", confirmed, then
 * "waiting for the device" until it answers with an uptime shorter than the time since the restart was sent
 * (so an answer from before the reboot does not count), and when it is back.
 */
export function RestartNow({
  device,
  onDismiss,
}: {
  device: Pick<DeviceInfo, 'ip' | 'name'>;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  const call = useDeviceCaller();
  const confirm = useConfirm();
  const [state, setState] = useState<State>({ step: 'offer' });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const restart = async () => {
    if (
      !(await confirm({ message: t('devices.danger.restart.confirm', { name: device.name }), danger: true }))
    )
      return;
    setState({ step: 'restarting' });
    const sent = Date.now();
    try {
      await call(device.ip, 'restart');
    } catch (error) {
      setState({ step: 'failed', why: serverMessage(error) ?? describeFailure(error, t) });
      return;
    }
    while (alive.current && Date.now() - sent < GIVE_UP_MS) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const metrics = await call(device.ip, 'getMetrics').catch(() => undefined);
      if (metrics !== undefined && metrics.uptime < Date.now() - sent) {
        if (alive.current) setState({ step: 'back', at: new Date() });
        return;
      }
    }
    if (alive.current) setState({ step: 'failed', why: t('fleet.restart.timeout') });
  };

  const time = (at: Date) => new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(at);
  return (
    <Alert
      variant="outline"
      color={state.step === 'failed' ? 'red' : state.step === 'back' ? 'teal' : 'blue'}
      // the border carries the colour; the text keeps the theme's own colour (readable in both themes)
      title={t('fleet.restart.title')}
      withCloseButton={state.step !== 'restarting'}
      closeButtonLabel={t('common.close')}
      onClose={onDismiss}
      data-testid="restart-now"
      data-step={state.step}
    >
      <Group gap="sm" align="center">
        {state.step === 'offer' ? (
          <>
            <Text size="sm">{t('fleet.restart.needed')}</Text>
            <Button
              size="xs"
              color="red"
              leftSection={<IconPower size={14} aria-hidden />}
              onClick={() => void restart()}
            >
              {t('fleet.restart.now')}
            </Button>
          </>
        ) : null}
        {state.step === 'restarting' ? (
          <>
            <Loader size="xs" aria-hidden />
            <Text size="sm" role="status">
              {t('fleet.restart.waiting', { name: device.name })}
            </Text>
          </>
        ) : null}
        {state.step === 'back' ? (
          <Text size="sm" role="status">
            {t('fleet.restart.back', { name: device.name, time: time(state.at) })}
          </Text>
        ) : null}
        {state.step === 'failed' ? (
          <Text size="sm" role="alert">
            {t('fleet.restart.failed', { why: state.why })}
          </Text>
        ) : null}
      </Group>
    </Alert>
  );
}

import type { AlertSettings } from '@st/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/kit/buttons';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Title } from '../../ui/kit/text';
import { Switch } from '../../ui/kit/toggles';
import { NumberInput } from '../../ui/NumberInput';
import { useCanWrite } from '../accounts/useCanWrite';
import { ViewerNote } from '../accounts/ViewerNote';
import { ChannelsEditor } from './ChannelsEditor';
import { type ChannelDraft, fromDraft, toDraft } from './channelDraft';
import { MutedDevicesInput } from './MutedDevicesInput';
import { useAlertsApi } from './useAlertsApi';
import { useSaveAndTest } from './useSaveAndTest';

/** The gateway's device alert rules and channels (relayed in cloud mode). */
export function GatewayAlertsForm({ initial, onSaved }: { initial: AlertSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const { api } = useAlertsApi();
  const [drafts, setDrafts] = useState<ChannelDraft[]>(() => initial.channels.map(toDraft));
  const [offlineAfter, setOfflineAfter] = useState<number | string>(initial.deviceOfflineAfter);
  const [reboots, setReboots] = useState<number | string>(initial.crashLoop.reboots);
  const [within, setWithin] = useState<number | string>(initial.crashLoop.within);
  const [notifications, setNotifications] = useState(initial.notifications);
  const [muted, setMuted] = useState<string[]>(initial.muted);
  const actions = useSaveAndTest(api.put, api.test);

  const submit = async () => {
    const saved = await actions.save({
      channels: drafts.map(fromDraft),
      deviceOfflineAfter: Number(offlineAfter),
      crashLoop: { reboots: Number(reboots), within: Number(within) },
      notifications,
      muted,
    });
    if (saved) {
      setDrafts((list) =>
        list.map((d) => ({ ...d, saved: true, stored: d.stored || d.secret !== '', secret: '' })),
      );
      onSaved();
    }
  };

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="gateway-alerts-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="gateway-alerts-title">
          {t('alerts.gateway.title')}
        </Title>
        <ViewerNote />
        {/* A viewer (cloud mode): every control of the gateway's alert settings is disabled at once. */}
        <fieldset disabled={!canWrite} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <NumberInput
              label={t('alerts.offlineAfter')}
              min={1}
              value={offlineAfter}
              onChange={setOfflineAfter}
            />
            <Group grow>
              <NumberInput
                label={t('alerts.crash.reboots')}
                min={2}
                max={50}
                value={reboots}
                onChange={setReboots}
              />
              <NumberInput label={t('alerts.crash.within')} min={10} value={within} onChange={setWithin} />
            </Group>
            <Switch
              label={t('alerts.notifications')}
              checked={notifications}
              onChange={(e) => setNotifications(e.currentTarget.checked)}
            />
            <MutedDevicesInput value={muted} onChange={setMuted} />
            <ChannelsEditor
              drafts={drafts}
              onChange={setDrafts}
              onTest={(id) => void actions.test(id)}
              testing={actions.testing}
            />
            <Group justify="flex-end">
              <Button loading={actions.saving} onClick={() => void submit()}>
                {t('alerts.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </Stack>
    </Paper>
  );
}

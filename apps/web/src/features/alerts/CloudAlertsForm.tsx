import type { CloudAlertSettings } from '@st/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/kit/buttons';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Title } from '../../ui/kit/text';
import { NumberInput } from '../../ui/NumberInput';
import { ChannelsEditor } from './ChannelsEditor';
import { type ChannelDraft, fromDraft, toDraft } from './channelDraft';
import { useAlertsApi } from './useAlertsApi';
import { useSaveAndTest } from './useSaveAndTest';

/** The signed-in user's own gateway-offline alerts, kept by the cloud. */
export function CloudAlertsForm({ initial, onSaved }: { initial: CloudAlertSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const { api } = useAlertsApi();
  const [drafts, setDrafts] = useState<ChannelDraft[]>(() => initial.channels.map(toDraft));
  const [after, setAfter] = useState<number | string>(initial.gatewayOfflineAfter);
  const actions = useSaveAndTest(api.cloudPut, api.cloudTest);

  const submit = async () => {
    const saved = await actions.save({ channels: drafts.map(fromDraft), gatewayOfflineAfter: Number(after) });
    if (saved) {
      setDrafts((list) =>
        list.map((d) => ({ ...d, saved: true, stored: d.stored || d.secret !== '', secret: '' })),
      );
      onSaved();
    }
  };

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="cloud-alerts-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cloud-alerts-title">
          {t('alerts.cloud.title')}
        </Title>
        <NumberInput label={t('alerts.gatewayOfflineAfter')} min={1} value={after} onChange={setAfter} />
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
    </Paper>
  );
}

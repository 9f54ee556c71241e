import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../../ui/kit/feedback';
import { Center, Stack } from '../../../../ui/kit/layout';
import { Grid } from '../../../../ui/kit/layoutBlocks';
import { NavLink } from '../../../../ui/kit/Tabs';
import { Text } from '../../../../ui/kit/text';
import { sensorsAfter } from '../../model/liveSample';
import { featureOn } from '../../model/tabs';
import { useDevicePanel } from '../DeviceContext';
import { HooksEditor } from '../hooks/HooksEditor';
import { LastUpdated } from '../LastUpdated';
import { useDeviceKey, useDeviceQuery } from '../useDeviceQuery';
import { useLiveDeviceQuery } from '../useLiveDeviceQuery';

// History charts (uPlot) download only when a sensors tab opens.
const SensorCharts = lazy(() => import('../../../history/SensorCharts'));

/**
 * One entry per sensor (`name: value`, kept current by the gateway's live samples while the tab is open);
 * the chosen sensor's hooks beside the list.
 */
export function SensorsTab() {
  const { t } = useTranslation();
  const { features } = useDevicePanel();
  const queryClient = useQueryClient();
  const sensors = useDeviceQuery('getSensors', t('devices.sensors.load.error'));
  const fresh = useLiveDeviceQuery('getSensors', sensors, sensorsAfter);
  const hooksKey = useDeviceKey('getHooks');
  const [selected, setSelected] = useState<string | undefined>();
  const hooksOn = featureOn(features, 'hooks');
  if (sensors.data === undefined) {
    return (
      <Center mih={80}>
        {sensors.isFetching ? <Loader role="status" aria-label={t('common.loading')} /> : null}
      </Center>
    );
  }
  const entries = Object.entries(sensors.data);
  if (entries.length === 0) return <Text c="dimmed">{t('devices.sensors.empty')}</Text>;
  const open = (name: string) => {
    // Clicking the open sensor again reloads its hooks.
    if (name === selected) void queryClient.invalidateQueries({ queryKey: [...hooksKey, name] });
    setSelected(name);
  };
  const current = selected !== undefined && Object.hasOwn(sensors.data, selected) ? selected : undefined;
  return (
    <Grid>
      <Grid.Col span={12}>
        <LastUpdated {...fresh} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Stack gap={2} component="nav" aria-label={t('devices.tabs.sensors')}>
          {entries.map(([name, value]) => (
            <NavLink
              key={name}
              label={`${name}: ${value}`}
              active={name === current}
              disabled={!hooksOn}
              title={hooksOn ? t('devices.hooks.menu.item.title') : undefined}
              onClick={() => open(name)}
              data-sensor={name}
            />
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        {!hooksOn ? (
          <Text c="dimmed" role="status">
            {t('devices.hooks.disabled')}
          </Text>
        ) : current === undefined ? (
          <Text c="dimmed">{t('devices.hooks.select.to.manage')}</Text>
        ) : (
          <HooksEditor key={current} sensor={current} />
        )}
      </Grid.Col>
      <Grid.Col span={12}>
        <Suspense fallback={null}>
          <SensorCharts sensors={sensors.data} />
        </Suspense>
      </Grid.Col>
    </Grid>
  );
}

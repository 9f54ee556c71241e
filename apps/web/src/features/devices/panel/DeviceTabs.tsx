import {
  IconAlertTriangle,
  IconChartBar,
  IconGauge,
  IconInfoCircle,
  IconPlayerPlay,
  IconSettings,
  IconTimeline,
  IconWifi,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../ui/kit/Tabs';
import { Text } from '../../../ui/kit/text';
import { TimelineTab } from '../../alerts/TimelineTab';
import { useGatewayKey } from '../api/useDevices';
import type { DeviceTab } from '../model/tabs';
import { usePanelUrl } from '../usePanelUrl';
import { useDevicePanel } from './DeviceContext';
import { ActionsTab } from './tabs/ActionsTab';
import { ConfigTab } from './tabs/ConfigTab';
import { DangerTab } from './tabs/DangerTab';
import { InfoTab } from './tabs/InfoTab';
import { MetricsTab } from './tabs/MetricsTab';
import { SensorsTab } from './tabs/SensorsTab';
import { WifiTab } from './tabs/WifiTab';

const ICONS: Record<DeviceTab, ReactNode> = {
  info: <IconInfoCircle size={16} aria-hidden />,
  actions: <IconPlayerPlay size={16} aria-hidden />,
  sensors: <IconGauge size={16} aria-hidden />,
  wifi: <IconWifi size={16} aria-hidden />,
  config: <IconSettings size={16} aria-hidden />,
  metrics: <IconChartBar size={16} aria-hidden />,
  danger: <IconAlertTriangle size={16} aria-hidden />,
  timeline: <IconTimeline size={16} aria-hidden />,
};

const PANELS: Record<DeviceTab, () => ReactNode> = {
  info: () => <InfoTab />,
  actions: () => <ActionsTab />,
  sensors: () => <SensorsTab />,
  wifi: () => <WifiTab />,
  config: () => <ConfigTab />,
  metrics: () => <MetricsTab />,
  danger: () => <DangerTab />,
  timeline: () => <TimelineTab />,
};

const PANEL_KEYS = new Set(['getFeatures', 'commands']);

/** The device's tabs; a tab renders on first open, and clicking the open tab again refreshes it. */
export function DeviceTabs({ tabs }: { tabs: DeviceTab[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { device } = useDevicePanel();
  const gatewayKey = useGatewayKey();
  const url = usePanelUrl();
  const [active, setActiveState] = useState<string | null>(
    tabs.find((tab) => tab === url.tab) ?? tabs[0] ?? null,
  );
  const setActive = (tab: string | null) => {
    setActiveState(tab);
    url.set({ tab: tab ?? undefined });
  };
  // On a phone the list scrolls sideways: the chosen tab (from the URL, or reached by keyboard) is brought
  // into its view, so the user sees which tab is open.
  const activeTab = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const tab = activeTab.current;
    const list = tab?.parentElement;
    if (!tab || !list || active === null) return;
    const t = tab.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    if (t.left < l.left) list.scrollLeft += t.left - l.left;
    else if (t.right > l.right) list.scrollLeft += t.right - l.right;
  }, [active]);
  if (tabs.length === 0) return <Text c="dimmed">{t('devices.tabs.none')}</Text>;
  const refresh = () => {
    // The open tab's data (and the sub-views inside it) is loaded again; the panel's own checks are not.
    void queryClient.invalidateQueries({
      queryKey: ['device', gatewayKey, device.ip],
      predicate: (query) => !PANEL_KEYS.has(String(query.queryKey[3])),
    });
  };
  return (
    <Tabs value={active} onChange={setActive} keepMounted={false}>
      {/* one line in any language: narrower than its tabs (a phone), the list scrolls sideways */}
      {/* (width 0 and min-width 100%: as wide as the panel, never widening it to fit the tabs) */}
      <Tabs.List
        style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', width: 0, minWidth: '100%' }}
      >
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab}
            value={tab}
            ref={tab === active ? activeTab : undefined}
            leftSection={ICONS[tab]}
            color={tab === 'danger' ? 'red' : undefined}
            // (narrower than the kit's default: eight tabs fit one line of the panel in Russian at 1280 px)
            style={{ flexShrink: 0, paddingInline: 'var(--st-sp-xs)' }}
            onClick={() => {
              if (tab === active) refresh();
            }}
          >
            {t(`devices.tabs.${tab}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="md">
          {PANELS[tab]()}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

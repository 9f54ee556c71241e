import type { DeviceInfo } from '@st/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import type { Services } from '../../app/services';
import { addTexts } from '../../i18n';
import { Flex } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { PageLoader } from '../../ui/PageLoader';
import { fleetFirstEn, fleetFirstRu } from '../fleet/messagesFirst';
import { devicesApi } from './api/devicesApi';
import { panelQueries } from './api/panelQueries';
import { devicesFirstEn, devicesFirstRu } from './messagesFirst';
import { searchPanelExpanded } from './model/address';
import { SearchPanel } from './search/SearchPanel';
import { useLiveDevices } from './search/useLiveDevices';
import { useDeviceByIp } from './useDeviceByIp';
import { usePanelUrl } from './usePanelUrl';

addTexts(devicesFirstEn, devicesFirstRu);
addTexts(fleetFirstEn, fleetFirstRu);

// The control panel (its tabs, forms and editors) is downloaded when the first device is opened.
const DevicePanel = lazy(() => import('./panel/DevicePanel').then((m) => ({ default: m.DevicePanel })));

/**
 * Gateway mode: fills the lists' queries before the panel first renders (the console calls it when start-up
 * loaded this screen, while the sign-in check is still answering), so the first render already shows the
 * devices instead of a placeholder and a second render.
 */
export function prefetch(client: QueryClient, services: Pick<Services, 'config' | 'gatewayFetch'>): void {
  if (services.config.mode !== 'gateway') return;
  const queries = panelQueries(devicesApi(services.gatewayFetch, undefined), '');
  for (const query of [queries.searchEnabled, queries.found, queries.saved])
    void client.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]);
}

/** Route `panel`: the device search list beside the control panel of the selected device. */
export default function DevicesPage() {
  const { config } = useServices();
  const gateway = useCurrentGateway();
  const { t } = useTranslation();
  // (gateway mode's first screen: its texts are in the catalog's first part; the rest loads once it is up)
  if (config.mode === 'cloud' && gateway === undefined) {
    return <Alert color="red" title={t('error.access_denied')} role="alert" />;
  }
  return <ControlPanel />;
}

function ControlPanel() {
  const url = usePanelUrl();
  const { set: setUrl } = url;
  const [selected, setSelected] = useState<DeviceInfo | undefined>();
  const [expanded, setExpanded] = useState(true);
  useLiveDevices(selected?.ip);
  // A link or a reload names the device by ip: it is opened once a list knows it.
  const fromUrl = useDeviceByIp(selected === undefined ? url.device : '');
  useEffect(() => {
    if (fromUrl !== undefined) {
      setSelected(fromUrl);
      setExpanded(searchPanelExpanded(window.innerWidth));
    }
  }, [fromUrl]);
  const select = useCallback(
    (device: DeviceInfo) => {
      setSelected(device);
      setUrl({ device: device.ip, tab: undefined });
      // Spec section 2: on every selection the list stays open only on a wide enough window.
      setExpanded(searchPanelExpanded(window.innerWidth));
    },
    [setUrl],
  );
  const onDeleted = useCallback(
    (ip: string) => {
      setSelected((current) => {
        if (current?.ip !== ip) return current;
        setExpanded(true);
        setUrl({ device: undefined, tab: undefined });
        return undefined;
      });
    },
    [setUrl],
  );
  return (
    <Flex gap="md" align="flex-start" direction={{ base: 'column', sm: 'row' }}>
      <SearchPanel
        expanded={expanded}
        onExpandedChange={setExpanded}
        selected={selected}
        onSelect={select}
        onDeleted={onDeleted}
        query={url.query}
        onQueryChange={(q) => setUrl({ q })}
      />
      {selected === undefined ? null : (
        <Suspense fallback={<PageLoader />}>
          <DevicePanel
            key={selected.ip}
            device={selected}
            onRenamed={(name) => setSelected((d) => (d === undefined ? d : { ...d, name }))}
          />
        </Suspense>
      )}
    </Flex>
  );
}

import {
  type DeviceSample,
  DeviceSampleSchema,
  HISTORY_ROUTES,
  type HistoryResponse,
  type OverviewRow,
} from '@st/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { gatewayCall } from '../../api/routes';
import { subscribeTopic } from '../../api/topics';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';

/** the overview is read again this often (sparklines are hourly; live samples update the rest) */
const OVERVIEW_REFRESH_MS = 60_000;

export function useOverview() {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  return useQuery<OverviewRow[]>({
    queryKey: ['history-overview', gateway?.id ?? ''],
    queryFn: () => gatewayFetch(gateway, gatewayCall(HISTORY_ROUTES, 'gateway.devices.overview')),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}

/** Forgets a device the gateway has seen (offline, not saved): it leaves the overview until heard again. */
export function useForgetDevice() {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  const client = useQueryClient();
  const key = ['history-overview', gateway?.id ?? ''];
  return useMutation({
    mutationFn: async (ip: string) => {
      await client.cancelQueries({ queryKey: key });
      return gatewayFetch(
        gateway,
        gatewayCall(HISTORY_ROUTES, 'gateway.devices.seen.forget', { query: { ip } }),
      );
    },
    onSuccess: (_ok, ip) => {
      client.setQueryData<OverviewRow[]>(key, (rows) => rows?.filter((r) => r.ip !== ip));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}

export function useHistory(ip: string, sensor: string, from: number, to: number, live: boolean) {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  return useQuery<HistoryResponse>({
    queryKey: ['history', gateway?.id ?? '', ip, sensor, live ? `last:${to - from}` : `${from}-${to}`],
    queryFn: () => {
      // a range ending now moves with the clock
      const end = live ? Date.now() : to;
      const query = { ip, sensor, from: end - (to - from), to: end };
      return gatewayFetch(gateway, gatewayCall(HISTORY_ROUTES, 'gateway.devices.history', { query }));
    },
    // the last hour shows new samples within seconds; longer ranges move by rollup buckets
    refetchInterval: live ? (to - from <= 3600_000 ? 5000 : 30_000) : false,
  });
}

/** downloads the CSV export of a range (through the relay in cloud mode) */
export function useCsvDownload() {
  const { gatewayFetch } = useServices();
  const gateway = useCurrentGateway();
  return async (ip: string, sensor: string, from: number, to: number) => {
    const csv = await gatewayFetch(
      gateway,
      gatewayCall(HISTORY_ROUTES, 'gateway.devices.history.export', { query: { ip, sensor, from, to } }),
    );
    const href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = href;
    a.download = `${ip}-${sensor}-${new Date(from).toISOString().slice(0, 16)}.csv`.replace(/[:]/g, '-');
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };
}

/** every sample the gateway takes, live (gateway topic, or the gateway's cloud topic) */
export function useLiveSamples(onSample: (sample: DeviceSample) => void): void {
  const { live, log, config } = useServices();
  const gatewayId = useCurrentGateway()?.id;
  const handler = useRef(onSample);
  handler.current = onSample;
  useEffect(() => {
    const onMessage = (s: DeviceSample) => handler.current(s);
    if (config.mode === 'gateway') {
      return subscribeTopic({
        live,
        log,
        topic: 'gateway.devices.samples',
        payload: DeviceSampleSchema,
        onMessage,
      });
    }
    if (gatewayId === undefined) return undefined;
    return subscribeTopic({
      live,
      log,
      topic: 'cloud.devices.samples',
      params: { gatewayId },
      payload: DeviceSampleSchema,
      onMessage,
    });
  }, [live, log, config.mode, gatewayId]);
}

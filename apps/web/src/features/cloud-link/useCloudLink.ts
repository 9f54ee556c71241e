import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { subscribeTopic } from '../../api/topics';
import { useServices } from '../../app/ServicesContext';
import { cloudLinkApi, cloudLinkKeys } from './cloudLinkApi';

/** Identity, config and live status of the gateway's cloud link. */
export function useCloudLink() {
  const { http, live, log } = useServices();
  const queryClient = useQueryClient();
  const api = useMemo(() => cloudLinkApi(http), [http]);
  const identity = useQuery({ queryKey: cloudLinkKeys.identity, queryFn: api.identity });
  const cloudConfig = useQuery({ queryKey: cloudLinkKeys.config, queryFn: api.config });
  const status = useQuery({ queryKey: cloudLinkKeys.status, queryFn: api.status });

  useEffect(
    () =>
      subscribeTopic({
        live,
        log,
        topic: 'gateway.connection.status',
        onMessage: ({ status }) => queryClient.setQueryData(cloudLinkKeys.status, status),
      }),
    [live, queryClient, log],
  );

  // The link may have changed while the live channel was down: read the status again on reconnect.
  useEffect(
    () =>
      live.onReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: cloudLinkKeys.status });
      }),
    [live, queryClient],
  );

  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: cloudLinkKeys.identity }),
      queryClient.invalidateQueries({ queryKey: cloudLinkKeys.config }),
      queryClient.invalidateQueries({ queryKey: cloudLinkKeys.status }),
    ]);
  };

  return { api, identity, cloudConfig, status, reload };
}

export type CloudLink = ReturnType<typeof useCloudLink>;

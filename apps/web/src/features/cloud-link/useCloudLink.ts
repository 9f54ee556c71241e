import { ConnectionStatusMessage } from '@st/protocol';
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
  // Why the link is down when retrying cannot help (the cloud refused the token); null when none.
  const problem = useQuery({ queryKey: cloudLinkKeys.problem, queryFn: api.problem });

  useEffect(
    () =>
      subscribeTopic({
        live,
        log,
        topic: 'gateway.connection.status',
        payload: ConnectionStatusMessage,
        onMessage: ({ status, problem }) => {
          queryClient.setQueryData(cloudLinkKeys.status, status);
          queryClient.setQueryData(cloudLinkKeys.problem, { problem: problem ?? null });
        },
      }),
    [live, queryClient, log],
  );

  // The link may have changed while the live channel was down: read the status again on reconnect.
  useEffect(
    () =>
      live.onReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: cloudLinkKeys.status });
        void queryClient.invalidateQueries({ queryKey: cloudLinkKeys.problem });
      }),
    [live, queryClient],
  );

  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: cloudLinkKeys.identity }),
      queryClient.invalidateQueries({ queryKey: cloudLinkKeys.config }),
      queryClient.invalidateQueries({ queryKey: cloudLinkKeys.status }),
      queryClient.invalidateQueries({ queryKey: cloudLinkKeys.problem }),
    ]);
  };

  const tokenRefused = status.data === 'FAILED_TO_CONNECT' && problem.data?.problem === 'TOKEN_REFUSED';
  return { api, identity, cloudConfig, status, tokenRefused, reload };
}

export type CloudLink = ReturnType<typeof useCloudLink>;

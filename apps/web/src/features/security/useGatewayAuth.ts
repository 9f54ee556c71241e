import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../app/ServicesContext';
import { gatewayAuthApi, gatewayAuthKey } from './gatewayAuthApi';

/**
 * How long an answer is trusted when another part of the console mounts: the sign-in gate and the header's
 * lock widget share it, so opening the console asks once (issue 21). Every change made from this console
 * goes through `changed`, which asks again at once.
 */
const AUTH_STALE_MS = 30_000;

/** Whether a password protects this gateway and whether this browser is signed in. */
export function useGatewayAuth() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const api = useMemo(() => gatewayAuthApi(http), [http]);
  const state = useQuery({ queryKey: gatewayAuthKey, queryFn: api.state, staleTime: AUTH_STALE_MS });
  /** After a sign-in, sign-out or new password: the state, then every query (they may have failed with 401). */
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: gatewayAuthKey });
    await queryClient.invalidateQueries();
  };
  return { api, state, changed };
}

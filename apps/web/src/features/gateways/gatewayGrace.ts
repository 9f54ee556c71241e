import type { Gateway } from '@st/protocol';
import { useEffect, useRef, useState } from 'react';

/**
 * How long a cloud user stays on the screen of a gateway that dropped while they were on it (issue 17,
 * defect 9), waiting for it to come back, before the console sends them to /gateways as the spec says.
 */
export const GATEWAY_RETURN_GRACE_MS = 30_000;

/**
 * - `loading`: the gateway is not known yet;
 * - `online`: its screens work;
 * - `waiting`: it was online on this screen and dropped less than the grace period ago;
 * - `gone`: offline on arrival, or still offline after the grace period (leave for /gateways).
 */
export type GraceState = 'loading' | 'online' | 'waiting' | 'gone';

export interface GraceInput {
  gateway: Pick<Gateway, 'id' | 'online'> | undefined;
  /** The id of the gateway last seen online on this screen. */
  seenOnline: string | undefined;
  /** The grace period of the current drop is over. */
  expired: boolean;
}

export function graceState({ gateway, seenOnline, expired }: GraceInput): GraceState {
  if (gateway === undefined) return 'loading';
  if (gateway.online) return 'online';
  if (seenOnline !== gateway.id || expired) return 'gone';
  return 'waiting';
}

/** The grace state of the scope's gateway, and when its grace period ends (while waiting). */
export function useGatewayGrace(
  gateway: Pick<Gateway, 'id' | 'online'> | undefined,
  graceMs = GATEWAY_RETURN_GRACE_MS,
): { state: GraceState; deadline: number | undefined } {
  const seenOnline = useRef<string | undefined>(undefined);
  if (gateway?.online === true) seenOnline.current = gateway.id;
  const dropped = gateway?.online === false && seenOnline.current === gateway.id;
  const [deadline, setDeadline] = useState<number | undefined>(undefined);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!dropped) {
      setDeadline(undefined);
      return;
    }
    setDeadline(Date.now() + graceMs);
    const timer = setTimeout(() => setExpired(true), graceMs);
    return () => clearTimeout(timer);
  }, [dropped, graceMs]);
  const state = graceState({ gateway, seenOnline: seenOnline.current, expired });
  // (the render that sees the drop comes before the effect that dates it)
  return { state, deadline: state === 'waiting' ? (deadline ?? Date.now() + graceMs) : undefined };
}

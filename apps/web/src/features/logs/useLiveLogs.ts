import { GATEWAY_ROUTES, LOGS, LogMessage, TIMEOUTS } from '@st/protocol';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayOfflineError, serverMessage, statusOf } from '../../api/errors';
import { gatewayCall } from '../../api/routes';
import { subscribeTopic } from '../../api/topics';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { describeFailure } from '../../ui/describeFailure';
import { GapFiller } from './backfill';
import { HeldLogs } from './heldLogs';

export interface LiveLogs {
  held: HeldLogs;
  /** Grows by one each time held lines change (a batch arrived, resume, clear). */
  version: number;
  paused: boolean;
  /** Lines that arrived while paused, shown on resume. */
  pending: number;
  /**
   * The oldest of the lines held back while paused: those sharing its time (empty when none waits). History
   * newer than these is held back too (logView.ts visibleHistory).
   */
  heldBackHead: readonly LogMessage[];
  /**
   * True once a line has arrived live: the subscription delivers from here on, and anything the gateway
   * received before it is in history (useLogHistory reads history again then).
   */
  streaming: boolean;
  pause: () => void;
  resume: () => void;
  clear: () => void;
}

interface Inbox {
  incoming: LogMessage[];
  heldBack: LogMessage[];
  paused: boolean;
  streaming: boolean;
  cancel: (() => void) | undefined;
}

const NONE: readonly LogMessage[] = [];
/** A gap read waits this many reconnect delays (a minute) for a gateway that is not back on the cloud yet. */
const GAP_READ_RETRIES = 12;

/** The first lines of `lines` that share the first one's time. */
function headOf(lines: readonly LogMessage[]): readonly LogMessage[] {
  const time = lines[0]?.dateTime;
  if (time === undefined) return NONE;
  let end = 1;
  while (end < lines.length && lines[end]?.dateTime === time) end++;
  return lines.slice(0, end);
}

/** Runs `flush` once per animation frame (every 250 ms in a hidden tab, where frames stop). */
function scheduleFlush(flush: () => void): () => void {
  if (typeof document !== 'undefined' && document.hidden) {
    const timer = setTimeout(flush, 250);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(flush);
  return () => cancelAnimationFrame(frame);
}

/**
 * The gateway's live log lines. Lines are gathered and added once per animation frame, so a burst of
 * thousands of lines a second costs one render per frame, not one per line. Lines the gateway received
 * while the live channel was down are read from the gateway once it is back and added in order
 * (backfill.ts).
 */
export function useLiveLogs(): LiveLogs {
  const { live, log, config, gatewayFetch, toaster } = useServices();
  const gateway = useCurrentGateway();
  const gatewayId = gateway?.id;
  const { t } = useTranslation();
  // The gap reader uses the latest of these without restarting the subscription.
  const latest = useRef({ gateway, t });
  latest.current = { gateway, t };
  const [held] = useState(() => new HeldLogs(LOGS.retentionDefault));
  const [version, setVersion] = useState(0);
  const [paused, setPaused] = useState(false);
  const [pending, setPending] = useState(0);
  const [heldBackHead, setHeldBackHead] = useState(NONE);
  const [streaming, setStreaming] = useState(false);
  const inbox = useRef<Inbox>({
    incoming: [],
    heldBack: [],
    paused: false,
    streaming: false,
    cancel: undefined,
  });

  useEffect(() => {
    const box = inbox.current;
    const flush = () => {
      box.cancel = undefined;
      // Lines missed in a gap are being read: what arrives live waits to go in after them.
      if (filler.reading) return;
      const batch = box.incoming;
      box.incoming = [];
      if (!box.streaming && batch.length > 0) {
        box.streaming = true;
        setStreaming(true);
      }
      if (box.paused) {
        const wasEmpty = box.heldBack.length === 0;
        for (const line of batch) box.heldBack.push(line);
        // Paused for long: keep only as many as the screen can hold anyway.
        const excess = box.heldBack.length - held.capacity;
        if (excess > 0) box.heldBack.splice(0, excess);
        // Only the oldest lines bound history, so most batches leave the head alone.
        if (wasEmpty || excess > 0) setHeldBackHead(headOf(box.heldBack));
        setPending(box.heldBack.length);
      } else {
        held.append(batch);
        // New lines are not urgent: as a transition they never interrupt the (equally low-priority) render
        // of a filter the user just typed, so a steady stream cannot keep the filtered list from showing.
        startTransition(() => setVersion((v) => v + 1));
      }
    };
    const schedule = () => {
      if (box.cancel === undefined && box.incoming.length > 0) box.cancel = scheduleFlush(flush);
    };
    const filler = new GapFiller({
      read: (query) =>
        gatewayFetch(latest.current.gateway, gatewayCall(GATEWAY_ROUTES, 'gateway.devices.logs', { query })),
      max: held.capacity,
      deliver: (missed) => {
        if (missed.length > 0) box.incoming = missed.concat(box.incoming);
        schedule();
      },
      // Cloud mode: the gateway not back on the cloud yet.
      retry: {
        transient: (error) => error instanceof GatewayOfflineError || statusOf(error) === 503,
        delayMs: TIMEOUTS.reconnectDelayMs,
        attempts: GAP_READ_RETRIES,
      },
      failed: (error) => {
        log.warn('Failed to read the log lines missed while disconnected', error);
        const { t } = latest.current;
        toaster.error({
          caption: t('device.logs.gap.error'),
          description: serverMessage(error) ?? describeFailure(error, t),
        });
      },
    });
    const onMessage = (line: LogMessage) => {
      box.incoming.push(line);
      filler.arrived(line);
      if (!filler.reading) schedule();
    };
    const stops = [live.onConnectionChange((connected) => (connected ? filler.up() : filler.down()))];
    if (config.mode === 'gateway') {
      stops.push(
        subscribeTopic({ live, log, topic: 'gateway.devices.logs', payload: LogMessage, onMessage }),
      );
    } else if (gatewayId !== undefined) {
      stops.push(
        subscribeTopic({
          live,
          log,
          topic: 'cloud.devices.logs',
          params: { gatewayId },
          payload: LogMessage,
          onMessage,
        }),
      );
    }
    return () => {
      for (const stop of stops) stop();
      filler.stop();
      box.cancel?.();
      box.cancel = undefined;
      box.incoming = [];
    };
  }, [live, log, config.mode, gatewayId, held, gatewayFetch, toaster]);

  const pause = useCallback(() => {
    inbox.current.paused = true;
    setPaused(true);
  }, []);

  const resume = useCallback(() => {
    const box = inbox.current;
    box.paused = false;
    held.append(box.heldBack);
    box.heldBack = [];
    setPending(0);
    setHeldBackHead(NONE);
    setPaused(false);
    setVersion((v) => v + 1);
  }, [held]);

  const clear = useCallback(() => {
    held.clear();
    inbox.current.heldBack = [];
    setPending(0);
    setHeldBackHead(NONE);
    setVersion((v) => v + 1);
  }, [held]);

  return { held, version, paused, pending, heldBackHead, streaming, pause, resume, clear };
}

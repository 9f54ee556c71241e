import { CLOUD_ROUTES, type RuntimeConfig } from '@st/protocol';
import { STOMP_PATH, TIMEOUTS } from '@st/protocol/constants';
import type { i18n } from 'i18next';
import { createGatewayFetch, type GatewayFetch } from '../api/gatewayFetch';
import { type ConsoleLogger, HttpClient, type KeyValueStore } from '../api/http';
import { LiveChannel, liveChannelUrl } from '../api/liveChannel';
import { cloudRequest } from '../api/routes';
import { RefreshSession } from '../api/session';
import { gatewaysSharedFirstEn, gatewaysSharedFirstRu } from '../features/gateways/messages';
import { notificationsEn, notificationsRu } from '../features/notifications/messages';
import { NotificationToasts } from '../features/notifications/notificationToasts';
import { Toaster } from '../features/notifications/toaster';
import { addTexts, completeErrorTexts } from '../i18n';
import { formatterFor } from '../ui/format';
import { ToastStore } from '../ui/kit/toastStore';
import { baseUrlOf } from './runtime';
import { Signal } from './signal';

addTexts(notificationsEn, notificationsRu);
addTexts(gatewaysSharedFirstEn, gatewaysSharedFirstRu);

/** Everything the screens share, created once in main.tsx and handed down through ServicesProvider. */
export interface Services {
  config: RuntimeConfig;
  baseUrl: string;
  storage: KeyValueStore;
  log: ConsoleLogger;
  i18n: i18n;
  http: HttpClient;
  gatewayFetch: GatewayFetch;
  live: LiveChannel;
  toaster: Toaster;
  notificationToasts: NotificationToasts;
  notificationsStore: ToastStore;
  /** The cloud rejected our refresh token: the user has to sign in again. */
  sessionEnded: Signal<void>;
  reload: () => void;
}

export interface ServicesInput {
  config: RuntimeConfig;
  origin: string;
  storage: KeyValueStore;
  log: ConsoleLogger;
  i18n: i18n;
  reload: () => void;
}

export function createServices(input: ServicesInput): Services {
  const { config, storage, log, i18n } = input;
  const baseUrl = baseUrlOf(config, input.origin);
  const transport = {
    baseUrl,
    timeoutMs: TIMEOUTS.consoleRequestMs,
    // (an unreachable catalog leaves the server's own text)
    beforeErrorAnswer: () => completeErrorTexts(i18n).catch(() => undefined),
  };
  const sessionEnded = new Signal<void>();
  const session =
    config.mode === 'cloud'
      ? new RefreshSession({
          storage,
          log,
          send: (request) => new HttpClient({ ...transport, log }).sendPlain(request),
          onSessionEnded: () => sessionEnded.emit(),
        })
      : undefined;
  const http = new HttpClient({ ...transport, log, ...(session === undefined ? {} : { session }) });
  const notificationsStore = new ToastStore();
  const toaster = new Toaster({
    store: notificationsStore,
    fromLabel: (source) => i18n.t('toast.from', { source }),
    closeLabel: () => i18n.t('toast.close'),
  });
  const gatewayFetch = createGatewayFetch({
    mode: config.mode,
    http,
    onGatewayOffline: (gateway) =>
      toaster.error({
        caption: i18n.t('gateway.offline'),
        description: i18n.t('gateway.offline.desc', { name: gateway.name }),
        key: `gateway:${gateway.id}`,
      }),
  });
  const notificationToasts = new NotificationToasts({
    toaster,
    gatewayFetch,
    log,
    caption: () => i18n.t('notification.caption'),
    dateTime: (iso) => formatterFor(i18n.resolvedLanguage ?? i18n.language).dateTime(iso),
  });
  const live = new LiveChannel({
    url: liveChannelUrl(baseUrl, STOMP_PATH),
    heartbeatMs: TIMEOUTS.heartbeatMs,
    reconnectDelayMs: TIMEOUTS.reconnectDelayMs,
    log,
    ...(config.mode === 'cloud'
      ? {
          // Any authenticated call renews an expired access cookie (once, through the refresh token).
          beforeConnect: () =>
            http.request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current')).then(
              () => undefined,
              (error: unknown) => log.debug('Session check before the live channel connects failed', error),
            ),
        }
      : {}),
  });
  return {
    config,
    baseUrl,
    storage,
    log,
    i18n,
    http,
    gatewayFetch,
    live,
    toaster,
    notificationToasts,
    notificationsStore,
    sessionEnded,
    reload: input.reload,
  };
}

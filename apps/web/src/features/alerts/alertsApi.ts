import type {
  AlertHistoryQueryInput,
  AlertSettings,
  AlertThresholdSet,
  CloudAlertSettings,
  Gateway,
  TimelineQueryInput,
} from '@st/protocol';
import { ALERT_ROUTES } from '@st/protocol';
import type { GatewayFetch } from '../../api/gatewayFetch';
import type { HttpClient } from '../../api/http';
import { cloudRequest, gatewayCall } from '../../api/routes';

/** The gateway's alert settings and device timelines (relayed in cloud mode), and the user's cloud alerts. */
export function alertsApi(http: HttpClient, gatewayFetch: GatewayFetch, gateway: Gateway | undefined) {
  return {
    get: () => gatewayFetch(gateway, gatewayCall(ALERT_ROUTES, 'gateway.alerts.get')),
    put: (body: AlertSettings) =>
      gatewayFetch(gateway, gatewayCall(ALERT_ROUTES, 'gateway.alerts.put', { body })),
    test: (channel: string) =>
      gatewayFetch(gateway, gatewayCall(ALERT_ROUTES, 'gateway.alerts.test', { query: { channel } })),
    thresholds: () => gatewayFetch(gateway, gatewayCall(ALERT_ROUTES, 'gateway.alerts.thresholds.list')),
    setThreshold: (body: AlertThresholdSet) =>
      gatewayFetch(gateway, gatewayCall(ALERT_ROUTES, 'gateway.alerts.thresholds.set', { body })),
    history: (query: AlertHistoryQueryInput) =>
      gatewayFetch(gateway, gatewayCall(ALERT_ROUTES, 'gateway.alerts.history', { query })),
    timeline: (query: TimelineQueryInput) =>
      gatewayFetch(gateway, gatewayCall(ALERT_ROUTES, 'gateway.devices.timeline', { query })),
    cloudGet: () => http.request(cloudRequest(ALERT_ROUTES, 'cloud.alerts.get')),
    cloudPut: (body: CloudAlertSettings) =>
      http.request(cloudRequest(ALERT_ROUTES, 'cloud.alerts.put', { body })),
    cloudTest: (channel: string) =>
      http.request(cloudRequest(ALERT_ROUTES, 'cloud.alerts.test', { query: { channel } })),
  };
}

export type AlertsApi = ReturnType<typeof alertsApi>;

import type { AlertSettings, CloudAlertSettings, Gateway, TimelineQueryInput } from '@st/protocol';
import type { GatewayFetch } from '../../api/gatewayFetch';
import type { HttpClient } from '../../api/http';
import { cloudRequest, gatewayCall } from '../../api/routes';

/** The gateway's alert settings and device timelines (relayed in cloud mode), and the user's cloud alerts. */
export function alertsApi(http: HttpClient, gatewayFetch: GatewayFetch, gateway: Gateway | undefined) {
  return {
    get: () => gatewayFetch(gateway, gatewayCall('gateway.alerts.get')),
    put: (body: AlertSettings) => gatewayFetch(gateway, gatewayCall('gateway.alerts.put', { body })),
    test: (channel: string) =>
      gatewayFetch(gateway, gatewayCall('gateway.alerts.test', { query: { channel } })),
    timeline: (query: TimelineQueryInput) =>
      gatewayFetch(gateway, gatewayCall('gateway.devices.timeline', { query })),
    cloudGet: () => http.request(cloudRequest('cloud.alerts.get')),
    cloudPut: (body: CloudAlertSettings) => http.request(cloudRequest('cloud.alerts.put', { body })),
    cloudTest: (channel: string) => http.request(cloudRequest('cloud.alerts.test', { query: { channel } })),
  };
}

export type AlertsApi = ReturnType<typeof alertsApi>;

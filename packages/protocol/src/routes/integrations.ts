import { MqttSettings, MqttSettingsUpdate } from '../entities/integrations';
import { route } from './define';

// Gateway integrations (Home Assistant bridge). Relayable: the console sets them through the cloud too.

export const INTEGRATION_ROUTES = {
  'gateway.integrations.mqtt.get': route({
    server: 'gateway',
    relayable: true,
    method: 'GET',
    path: '/api/integrations/mqtt',
    response: MqttSettings,
    summary: 'The Home Assistant MQTT bridge: settings (never the password) and connection status',
  }),
  'gateway.integrations.mqtt.put': route({
    server: 'gateway',
    relayable: true,
    method: 'PUT',
    path: '/api/integrations/mqtt',
    body: MqttSettingsUpdate,
    response: MqttSettings,
    summary: 'Save the MQTT bridge settings and (re)connect; the password is kept when absent',
  }),
} as const;

import { ApiError, type MqttSettings, type MqttSettingsUpdate } from '@st/protocol';
import type { MqttBridge } from './mqttBridge';
import type { MqttSettingsStore, StoredMqttSettings } from './mqttSettingsStore';

// The bridge's settings: ST_MQTT_URL (with its login) wins and makes them read-only in the console; otherwise
// they are the ones saved from the Integrations screen. GET never answers the password.

export interface MqttEnv {
  readonly url?: string | undefined;
  readonly username?: string | undefined;
  readonly password?: string | undefined;
}

export class MqttIntegration {
  constructor(
    private readonly store: MqttSettingsStore,
    private readonly bridge: MqttBridge,
    private readonly env: MqttEnv,
  ) {}

  private effective(): StoredMqttSettings {
    const saved = this.store.get();
    if (!this.env.url) return saved;
    return {
      ...saved,
      enabled: true,
      url: this.env.url,
      username: this.env.username ?? '',
      password: this.env.password ?? '',
    };
  }

  start(): Promise<void> {
    return this.bridge.configure(this.effective());
  }

  stop(): Promise<void> {
    return this.bridge.stop();
  }

  view(): MqttSettings {
    const s = this.effective();
    return {
      enabled: s.enabled,
      url: s.url,
      username: s.username,
      passwordSet: s.password !== '',
      discoveryPrefix: s.discoveryPrefix,
      baseTopic: s.baseTopic,
      source: this.env.url ? 'env' : 'console',
      status: this.bridge.getStatus(),
    };
  }

  async update(update: MqttSettingsUpdate): Promise<MqttSettings> {
    if (this.env.url) throw new ApiError('MQTT_SETTINGS_FROM_ENV');
    this.store.save(update);
    await this.bridge.configure(this.effective());
    return this.view();
  }
}

import type { MqttConnectionState } from '@st/protocol';
import type { Logger } from '@st/server-kit';
import type { MqttClient } from 'mqtt';
import { OFFLINE, safeId } from './discoveryConfigs';
import type { StoredMqttSettings } from './mqttSettingsStore';

// One MQTT connection of the bridge: the gateway's last will, reconnect with a backoff that doubles up to a cap,
// and publishing only while connected (nothing is queued for a broker that is away: the bridge publishes
// everything again on each connect, so the broker's absence costs the gateway nothing).

export interface ConnectionOptions {
  /** first reconnect delay; doubles per failure up to maxReconnectMs */
  readonly reconnectMs?: number;
  readonly maxReconnectMs?: number;
  readonly connectTimeoutMs?: number;
}

export interface ConnectionHandlers {
  /** connected (first time or again): subscribe and publish everything */
  readonly connected: () => void;
  readonly message: (topic: string, payload: string) => void;
}

export class MqttConnection {
  private client: MqttClient | undefined;
  private willTopic = '';
  state: MqttConnectionState = 'disabled';
  error: string | undefined;
  /** messages handed to the broker */
  published = 0;

  constructor(
    private readonly logger: Logger,
    private readonly opts: ConnectionOptions = {},
  ) {}

  /** Starts connecting (and keeps reconnecting); resolves once the client exists, not when it is connected. */
  async open(s: StoredMqttSettings, willTopic: string, handlers: ConnectionHandlers): Promise<void> {
    // mqtt.js loads only when the bridge is on: a gateway without it starts about 0.7 s sooner
    const { default: mqtt } = await import('mqtt');
    this.state = 'connecting';
    this.error = undefined;
    this.willTopic = willTopic;
    const first = this.opts.reconnectMs ?? 1000;
    let delay = first;
    const client = mqtt.connect(s.url, {
      clientId: `smartthing-${safeId(s.gatewayId)}-${Math.random().toString(16).slice(2, 8)}`,
      ...(s.username ? { username: s.username } : {}),
      ...(s.password ? { password: s.password } : {}),
      will: { topic: willTopic, payload: Buffer.from(OFFLINE), retain: true, qos: 1 },
      reconnectPeriod: delay,
      connectTimeout: this.opts.connectTimeoutMs ?? 10_000,
      queueQoSZero: false,
      resubscribe: false,
    });
    this.client = client;
    client.on('connect', () => {
      delay = first;
      client.options.reconnectPeriod = delay;
      this.state = 'connected';
      this.error = undefined;
      this.logger.info({ url: s.url }, 'mqtt bridge connected');
      handlers.connected();
    });
    client.on('message', (topic, payload) => handlers.message(topic, payload.toString('utf8')));
    client.on('error', (err) => {
      this.state = 'error';
      this.error = err.message;
      this.logger.warn({ err: err.message }, 'mqtt bridge error');
    });
    client.on('close', () => {
      if (this.client !== client) return;
      if (this.state === 'connected') this.state = 'connecting';
      // backoff: the next attempt waits twice as long, up to the cap
      delay = Math.min(delay * 2, this.opts.maxReconnectMs ?? 60_000);
      client.options.reconnectPeriod = delay;
    });
  }

  subscribe(filter: string): void {
    this.client?.subscribe(filter, { qos: 1 }, (err) => {
      if (err) this.logger.warn({ err }, 'mqtt subscribe failed');
    });
  }

  /** Publishes while connected; otherwise drops it (everything is published again on connect). */
  publish(topic: string, payload: string | Record<string, unknown>, retain = true): void {
    const client = this.client;
    if (!client?.connected) return;
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    this.published++;
    client.publish(topic, text, { retain, qos: 1 }, (err) => {
      if (err) this.logger.debug({ err: err.message, topic }, 'mqtt publish failed');
    });
  }

  /** Says the gateway is offline (the will is not sent on a normal disconnect) and disconnects. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.state = 'disabled';
    this.error = undefined;
    if (!client) return;
    if (client.connected) {
      await client.publishAsync(this.willTopic, OFFLINE, { retain: true, qos: 1 }).catch(() => undefined);
    }
    await client.endAsync(true).catch(() => undefined);
  }
}

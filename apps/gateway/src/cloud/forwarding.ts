import { type ForwardControl, TOPICS } from '@st/protocol';
import type { GatewayBus } from '../events/gatewayEvents';
import { restartState } from '../services/devices/restarts';

export type ForwardSink = (topic: string, payload: unknown) => void;

/**
 * Forwards the gateway's live topics up the cloud link, but only those the cloud asked for (it asks while
 * some browser is subscribed), so an idle link carries nothing.
 */
export class TopicForwarder {
  private readonly topics = new Set<string>();
  private offs: Array<() => void> = [];

  constructor(
    private readonly bus: GatewayBus,
    private readonly sink: ForwardSink,
  ) {}

  start(): void {
    const forward = (topic: string) => (payload: unknown) => {
      if (this.topics.has(topic)) this.sink(topic, payload);
    };
    const logs = TOPICS['gateway.devices.logs'].pattern;
    const restartingTopic = forward(TOPICS['gateway.devices.restarting'].pattern);
    this.offs = [
      this.bus.on('device.found', forward(TOPICS['gateway.devices.found'].pattern)),
      this.bus.on('device.lost', forward(TOPICS['gateway.devices.lost'].pattern)),
      this.bus.on('notification', forward(TOPICS['gateway.notifications'].pattern)),
      this.bus.on('device.logs', (lines) => {
        if (!this.topics.has(logs)) return;
        for (const line of lines) this.sink(logs, line);
      }),
      this.bus.on('device.sampled', forward(TOPICS['gateway.devices.samples'].pattern)),
      this.bus.on('device.restarting', (e) => restartingTopic(restartState(e, 'start'))),
      this.bus.on('device.restarted', (e) => restartingTopic(restartState(e, 'back'))),
      this.bus.on('device.restart-overdue', (e) => restartingTopic(restartState(e, 'overdue'))),
    ];
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
    this.topics.clear();
  }

  apply(control: ForwardControl): void {
    if (control.action === 'set') {
      this.topics.clear();
      for (const t of control.topics) this.topics.add(t);
    } else if (control.action === 'start') this.topics.add(control.topic);
    else this.topics.delete(control.topic);
  }

  /** A topic published outside the bus (OTA progress): forwarded when asked for. */
  offer(topic: string, payload: unknown): void {
    if (this.topics.has(topic)) this.sink(topic, payload);
  }

  /** The link dropped: forward nothing until the cloud says again. */
  reset(): void {
    this.topics.clear();
  }
}

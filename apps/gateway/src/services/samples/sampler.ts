import {
  buildDeviceHttpRequest,
  type DeviceSample,
  MetricsSchema,
  type Sensors,
  SensorsSchema,
} from '@st/protocol';
import type { Logger } from '@st/server-kit';
import { type DeviceAnswer, DeviceCallError, type DeviceClient } from '../devices/deviceClient';

export interface SamplerOptions {
  /** one round reads every device once; the calls are spread evenly over this */
  readonly intervalMs: number;
  /** never more devices than this being read at once (a device costs two calls, made one after the other) */
  readonly maxInFlight: number;
  /** per device call */
  readonly timeoutMs: number;
}

export interface SamplerDeps {
  /** addresses of the devices to read this round (found and saved, without the excluded ones) */
  devices(): readonly string[];
  readonly client: DeviceClient;
  /** called once per device per round, after its reading (or its failure) */
  emit(sample: DeviceSample): void;
  readonly now?: () => number;
}

type Read<T> = { kind: 'value'; value: T } | { kind: 'none' } | { kind: 'unreachable' };

/**
 * Reads every device's sensors and metrics once per interval. A round takes the device list, and starts
 * device k at `roundStart + k * interval / n`, so 500 devices are spread over the interval instead of
 * bursting; when `maxInFlight` devices are being read, the next waits for a free slot. A device still being
 * read from the previous round is skipped. A device that does not answer gives `ok: false` (a gap).
 */
export class Sampler {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private queue: string[] = [];
  private launched = 0;
  private spacing = 0;
  private roundStart = 0;
  private blocked = false;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly now: () => number;

  constructor(
    private readonly opts: SamplerOptions,
    private readonly deps: SamplerDeps,
    private readonly logger: Logger,
  ) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    if (this.running || this.opts.intervalMs <= 0) return;
    this.running = true;
    this.startRound();
  }

  /** stops the rounds and waits for the readings under way (bounded by the call timeout); emits no more */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** devices being read right now */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  private startRound(): void {
    if (!this.running) return;
    this.roundStart = this.now();
    this.queue = [...new Set(this.deps.devices())];
    this.launched = 0;
    this.spacing = this.opts.intervalMs / Math.max(1, this.queue.length);
    this.next();
  }

  private next(): void {
    this.timer = undefined;
    if (!this.running) return;
    if (this.queue.length === 0) {
      const wait = Math.max(0, this.roundStart + this.opts.intervalMs - this.now());
      this.timer = setTimeout(() => this.startRound(), wait);
      return;
    }
    if (this.inFlight.size >= this.opts.maxInFlight) {
      this.blocked = true; // resumed when a reading finishes
      return;
    }
    const ip = this.queue.shift() as string;
    this.launched++;
    if (!this.inFlight.has(ip)) this.launch(ip);
    const due = this.roundStart + this.launched * this.spacing;
    this.timer = setTimeout(() => this.next(), Math.max(0, due - this.now()));
  }

  private launch(ip: string): void {
    const done = this.sample(ip)
      .then((sample) => {
        if (this.running) this.deps.emit(sample);
      })
      .catch((err: unknown) => this.logger.warn({ err, ip }, 'sampling failed'))
      .finally(() => {
        this.inFlight.delete(ip);
        if (this.blocked) {
          this.blocked = false;
          this.next();
        }
      });
    this.inFlight.set(ip, done);
  }

  /** one device's reading: metrics, then sensors */
  async sample(ip: string): Promise<DeviceSample> {
    const t = this.now();
    const metrics = await this.read(ip, 'getMetrics', (body) => MetricsSchema.safeParse(body));
    if (metrics.kind === 'unreachable') return { ip, t, ok: false };
    const sensors = await this.read(ip, 'getSensors', (body) => SensorsSchema.safeParse(body));
    if (sensors.kind === 'unreachable') return { ip, t, ok: false };
    const sample: DeviceSample = { ip, t, ok: true };
    if (sensors.kind === 'value') sample.sensors = sensors.value as Sensors;
    if (metrics.kind === 'value') {
      sample.uptime = metrics.value.uptime;
      sample.heap = metrics.value.heap.free;
      sample.resetReason = metrics.value.resetReason;
    }
    return sample;
  }

  private async read<T>(
    ip: string,
    command: 'getMetrics' | 'getSensors',
    parse: (body: unknown) => { success: true; data: T } | { success: false },
  ): Promise<Read<T>> {
    let answer: DeviceAnswer;
    try {
      answer = await this.deps.client.call(ip, buildDeviceHttpRequest(command, {}), this.opts.timeoutMs);
    } catch (err) {
      if (err instanceof DeviceCallError && err.failure !== 'bad-answer') return { kind: 'unreachable' };
      return { kind: 'none' };
    }
    if (answer.status !== 200) return { kind: 'none' };
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return { kind: 'none' };
    }
    const parsed = parse(body);
    return parsed.success ? { kind: 'value', value: parsed.data } : { kind: 'none' };
  }
}

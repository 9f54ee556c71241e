import type { PublishOptions } from './server';

/** Anything that can publish JSON: a StompServer of any principal type. */
export interface JsonPublishing {
  publishJson(destination: string, value: unknown, options?: PublishOptions): Promise<void>;
}

/**
 * A publish function typed by a topic map (destination, or template such as `/ota/${string}`, to payload),
 * so the destination fixes the payload type:
 * ```ts
 * type Topics = { '/devices/found': DeviceInfo; [k: `/ota/${string}`]: OtaProgress };
 * const publish = jsonPublisher<Topics>(stomp);
 * await publish('/ota/42', { status: 'UPLOADING', progress: 10 });
 * ```
 */
export function jsonPublisher<T extends object>(server: JsonPublishing) {
  return <K extends keyof T & string>(
    destination: K,
    payload: T[K],
    options?: PublishOptions,
  ): Promise<void> => server.publishJson(destination, payload, options);
}

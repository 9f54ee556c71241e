import type { Notification } from '@st/protocol';
import type { GatewayFetch, GatewayTarget } from '../../api/gatewayFetch';
import type { ConsoleLogger } from '../../api/http';
import type { Toaster } from './toaster';

/**
 * The gateway calls the toasts make (./notificationCalls.ts). The routed console hands them over (these calls
 * only happen there), so their routes and schemas come with its chunk, not with the start-up one this module is
 * part of (issue 21).
 */
export type NotificationCalls = typeof import('./notificationCalls');

export interface NotificationToastsOptions {
  toaster: Toaster;
  gatewayFetch: GatewayFetch;
  log: ConsoleLogger;
  caption: () => string;
  /** date and time in the console's language (ui/format.ts) */
  dateTime?: (iso: string) => string;
}

/**
 * Device notifications as toasts: they never close by themselves, each is shown once even when it comes
 * both from the saved list and live, and closing one marks it seen on its gateway.
 */
export class NotificationToasts {
  readonly #options: NotificationToastsOptions;
  readonly #shown = new Set<string>();

  constructor(options: NotificationToastsOptions) {
    this.#options = options;
  }

  /** `gateway`: where it is stored (cloud mode); in gateway mode the gateway itself, so undefined. */
  show(notification: Notification, gateway: GatewayTarget | undefined, calls: NotificationCalls): void {
    const key = `${gateway?.id ?? ''}/${notification.id}`;
    if (this.#shown.has(key)) return;
    this.#shown.add(key);
    const { toaster, gatewayFetch, log } = this.#options;
    const device = notification.device.name || notification.device.ip;
    toaster.show({
      caption: this.#options.caption(),
      description: notification.notification.message,
      type: notification.notification.type,
      autoClose: false,
      dateTime: (this.#options.dateTime ?? ((iso: string) => new Date(iso).toLocaleString()))(
        notification.dateTime,
      ),
      source: gateway === undefined ? device : `${gateway.name}@${device}`,
      onClose: () => {
        gatewayFetch(gateway, calls.notificationSeenCall(notification.id)).catch((error: unknown) =>
          log.warn('Failed to mark the notification seen', error),
        );
      },
    });
  }

  /** Saved (unseen) notifications of one gateway, shown when its screens open. */
  async loadSaved(gateway: GatewayTarget | undefined, calls: NotificationCalls): Promise<void> {
    const { gatewayFetch, log } = this.#options;
    try {
      const list = await gatewayFetch(gateway, calls.savedNotificationsCall());
      for (const notification of list) this.show(notification, gateway, calls);
    } catch (error) {
      log.warn('Failed to load saved notifications', error);
    }
  }
}

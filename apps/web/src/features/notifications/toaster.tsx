import { Stack, Text } from '@mantine/core';
import { type NotificationsStore, showNotification } from '@mantine/notifications';
import { TOAST } from '@st/protocol';
import type { ReactNode } from 'react';

export type ToastType = 'info' | 'warning' | 'success' | 'error';

export interface Toast {
  caption: string;
  description?: string | undefined;
  type: ToastType;
  /** Defaults: errors stay until closed, everything else closes after 2.5 s. */
  autoClose?: boolean;
  /** Shown small under the text (notifications carry the time the device sent them). */
  dateTime?: string | undefined;
  /** "From: …" line, e.g. `home@kitchen-lamp`. */
  source?: string | undefined;
  /** Runs once when the toast goes away (closed by the user or by its timer). */
  onClose?: () => void;
}

export type ToastInput = Omit<Toast, 'type'>;

const COLORS: Record<ToastType, string> = { info: 'blue', warning: 'yellow', success: 'green', error: 'red' };

export interface ToasterOptions {
  store: NotificationsStore;
  fromLabel: (source: string) => string;
  /** Accessible name of every toast's close button. */
  closeLabel: () => string;
}

/** Toasts on top of Mantine notifications, with the spec's rules for what closes by itself. */
export class Toaster {
  readonly #options: ToasterOptions;

  constructor(options: ToasterOptions) {
    this.#options = options;
  }

  show(toast: Toast): string {
    const autoClose = toast.autoClose ?? toast.type !== 'error';
    return showNotification(
      {
        title: toast.caption,
        message: this.#body(toast),
        color: COLORS[toast.type],
        autoClose: autoClose ? TOAST.autoCloseMs : false,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': this.#options.closeLabel() },
        ...(toast.onClose === undefined ? {} : { onClose: toast.onClose }),
        'data-toast-type': toast.type,
      },
      this.#options.store,
    );
  }

  info(toast: ToastInput): string {
    return this.show({ ...toast, type: 'info' });
  }
  success(toast: ToastInput): string {
    return this.show({ ...toast, type: 'success' });
  }
  warn(toast: ToastInput): string {
    return this.show({ ...toast, type: 'warning' });
  }
  error(toast: ToastInput): string {
    return this.show({ ...toast, type: 'error' });
  }

  #body(toast: Toast): ReactNode {
    return (
      <Stack gap={2}>
        {toast.source === undefined ? null : <Text size="xs">{this.#options.fromLabel(toast.source)}</Text>}
        {toast.description === undefined ? null : <Text size="sm">{toast.description}</Text>}
        {toast.dateTime === undefined ? null : (
          <Text size="xs" c="dimmed" ta="right">
            {toast.dateTime}
          </Text>
        )}
      </Stack>
    );
  }
}

import { TOAST } from '@st/protocol';
import type { ReactNode } from 'react';
import { Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import type { ToastStore } from '../../ui/kit/toastStore';
import { ToastHistory, type ToastType } from './toastHistory';

export type { ToastType } from './toastHistory';

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
  /**
   * What the toast is about (`device:<ip>`, `gateway:<id>`, `auth.login`...). A new toast about the same
   * subject closes the one still open: "back online" closes "went offline", a successful save closes the
   * failure of the try before it.
   */
  key?: string | undefined;
}

export type ToastInput = Omit<Toast, 'type'>;

const COLORS: Record<ToastType, string> = { info: 'blue', warning: 'yellow', success: 'green', error: 'red' };

export interface ToasterOptions {
  store: ToastStore;
  fromLabel: (source: string) => string;
  /** Accessible name of every toast's close button. */
  closeLabel: () => string;
}

/** Toasts on the kit's toast store, with the spec's rules for what closes by itself. */
export class Toaster {
  readonly #options: ToasterOptions;
  /** every toast shown, for the bell's panel */
  readonly history = new ToastHistory();
  /** open toast id by subject */
  readonly #open = new Map<string, string>();

  constructor(options: ToasterOptions) {
    this.#options = options;
  }

  show(toast: Toast): string {
    const autoClose = toast.autoClose ?? toast.type !== 'error';
    const { key } = toast;
    if (key !== undefined) this.resolve(key);
    const onClose = () => {
      if (key !== undefined && this.#open.get(key) === id) this.#open.delete(key);
      toast.onClose?.();
    };
    const id = this.#options.store.show({
      title: toast.caption,
      message: this.#body(toast),
      color: COLORS[toast.type],
      autoClose: autoClose ? TOAST.autoCloseMs : false,
      closeLabel: this.#options.closeLabel(),
      onClose,
      data: { 'data-toast-type': toast.type },
    });
    if (key !== undefined) this.#open.set(key, id);
    this.history.add({
      id,
      type: toast.type,
      caption: toast.caption,
      description: toast.description,
      source: toast.source,
      key,
      at: new Date(),
    });
    return id;
  }

  /** Closes the open toast about `key`, if any (its subject was resolved). */
  resolve(key: string): void {
    const open = this.#open.get(key);
    if (open === undefined) return;
    this.#open.delete(key);
    this.#options.store.hide(open);
  }

  /** Closes every toast on screen (they stay in the history). */
  closeAll(): void {
    this.#open.clear();
    this.#options.store.clean();
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

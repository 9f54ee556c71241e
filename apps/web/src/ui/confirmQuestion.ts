// What a confirmation asks, shared by useConfirm (which asks) and ConfirmDialog (which shows it) without
// either importing the other.

export interface ConfirmOptions {
  message: string;
  confirmLabel?: string;
  danger?: boolean;
}

/** An open question and how to answer it. */
export interface ConfirmQuestion extends ConfirmOptions {
  answer: (value: boolean) => void;
}

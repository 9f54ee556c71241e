import { Text } from '@mantine/core';
import { useModals } from '@mantine/modals';
import { DIALOG_WIDTHS } from '@st/protocol';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  message: string;
  confirmLabel?: string;
  danger?: boolean;
}

/** Asks the user; resolves true only when they confirm (Cancel, Esc and the backdrop all mean no). */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const modals = useModals();
  const { t } = useTranslation();
  return useCallback(
    ({ message, confirmLabel, danger = true }: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        let answered = false;
        const answer = (value: boolean) => {
          if (answered) return;
          answered = true;
          resolve(value);
        };
        modals.openConfirmModal({
          title: t('common.confirm.title'),
          size: DIALOG_WIDTHS.regular,
          centered: true,
          closeButtonProps: { 'aria-label': t('common.close') },
          children: <Text size="sm">{message}</Text>,
          labels: { confirm: confirmLabel ?? t('common.confirm'), cancel: t('common.cancel') },
          confirmProps: { color: danger ? 'red' : undefined },
          onConfirm: () => answer(true),
          onCancel: () => answer(false),
          onClose: () => answer(false),
        });
      }),
    [modals, t],
  );
}

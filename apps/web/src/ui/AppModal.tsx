import { DIALOG_WIDTHS, type DialogSize } from '@st/protocol/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './kit/overlays';

export interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** small 250 px, regular 400 px (default), large 550 px. */
  size?: DialogSize;
  /** Stacking order; Mantine's default (200) unless a dialog must sit above other dialogs. */
  zIndex?: number;
  children: ReactNode;
}

/** Every dialog of the console: traps focus, closes on Esc and on the backdrop, spec widths. */
export function AppModal({ opened, onClose, title, size = 'regular', zIndex, children }: AppModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={DIALOG_WIDTHS[size]}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      {...(zIndex === undefined ? {} : { zIndex })}
    >
      {children}
    </Modal>
  );
}

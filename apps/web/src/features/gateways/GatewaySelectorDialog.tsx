import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { GatewaySelector } from './GatewaySelector';

/** The gateway selector in a dialog (opened from the header's gateway name). */
export default function GatewaySelectorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('gateway.selector.title')}>
      {opened ? <GatewaySelector onClose={onClose} /> : null}
    </AppModal>
  );
}

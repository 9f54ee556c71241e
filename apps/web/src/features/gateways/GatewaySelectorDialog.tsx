import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { accountsFirstEn, accountsFirstRu } from '../accounts/messages';
import { GatewaySelector } from './GatewaySelector';
import { gatewaysFirstEn, gatewaysFirstRu } from './messages';

addTexts(gatewaysFirstEn, gatewaysFirstRu);
addTexts(accountsFirstEn, accountsFirstRu);

/** The gateway selector in a dialog (opened from the header's gateway name). */
export default function GatewaySelectorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('gateway.selector.title')}>
      {opened ? <GatewaySelector onClose={onClose} /> : null}
    </AppModal>
  );
}

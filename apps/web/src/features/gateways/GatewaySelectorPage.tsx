import { addTexts } from '../../i18n';
import { Container } from '../../ui/kit/layout';
import { accountsFirstEn, accountsFirstRu } from '../accounts/messages';
import { GatewaySelector } from './GatewaySelector';
import { gatewaysFirstEn, gatewaysFirstRu } from './messages';

addTexts(gatewaysFirstEn, gatewaysFirstRu);
addTexts(accountsFirstEn, accountsFirstRu);

/** Route /gateways (cloud mode). */
export default function GatewaySelectorPage() {
  // (cloud mode's first screen: its texts are in the catalog's first part; the rest loads once it is up)
  return (
    <Container size="sm" px={0}>
      <GatewaySelector />
    </Container>
  );
}

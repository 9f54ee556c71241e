import { IconLayoutList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Container, Group } from '../../ui/kit/layout';
import { accountsFirstEn, accountsFirstRu } from '../accounts/messages';
import { GatewaySelector } from './GatewaySelector';
import { gatewaysFirstEn, gatewaysFirstRu } from './messages';

addTexts(gatewaysFirstEn, gatewaysFirstRu);
addTexts(accountsFirstEn, accountsFirstRu);

/** Route /gateways (cloud mode). */
export default function GatewaySelectorPage() {
  // (cloud mode's first screen: its texts are in the catalog's first part; the rest loads once it is up)
  const { t } = useTranslation();
  return (
    <Container size="sm" px={0}>
      <GatewaySelector />
      <Group justify="center" mt="md">
        <Button
          component={Link}
          to="/fleet"
          variant="light"
          leftSection={<IconLayoutList size={16} aria-hidden />}
        >
          {t('gateway.selector.fleet')}
        </Button>
      </Group>
    </Container>
  );
}

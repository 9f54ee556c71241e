import { IconLayoutList, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Container, Group } from '../../ui/kit/layout';
import { accountsFirstEn, accountsFirstRu } from '../accounts/messages';
import { cloudRolloutsFirstEn, cloudRolloutsFirstRu } from '../cloud-rollouts/messagesFirst';
import { GatewaySelector } from './GatewaySelector';
import { gatewaysFirstEn, gatewaysFirstRu } from './messages';

addTexts(gatewaysFirstEn, gatewaysFirstRu);
addTexts(accountsFirstEn, accountsFirstRu);
addTexts(cloudRolloutsFirstEn, cloudRolloutsFirstRu);

/** The cloud's screens across gateways. */
const LINKS = [
  { to: '/fleet', Icon: IconLayoutList, text: 'gateway.selector.fleet' },
  { to: '/rollouts', Icon: IconStack2, text: 'cloudRollouts.open' },
] as const;

/** Route /gateways (cloud mode). */
export default function GatewaySelectorPage() {
  // (cloud mode's first screen: its texts are in the catalog's first part; the rest loads once it is up)
  const { t } = useTranslation();
  return (
    <Container size="sm" px={0}>
      <GatewaySelector />
      <Group justify="center" mt="md">
        {LINKS.map(({ to, Icon, text }) => (
          <Button
            key={to}
            component={Link}
            to={to}
            variant="light"
            leftSection={<Icon size={16} aria-hidden />}
          >
            {t(text)}
          </Button>
        ))}
      </Group>
    </Container>
  );
}

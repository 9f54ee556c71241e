import { Container } from '../../ui/kit/layout';
import { GatewaySelector } from './GatewaySelector';

/** Route /gateways (cloud mode). */
export default function GatewaySelectorPage() {
  return (
    <Container size="sm" px={0}>
      <GatewaySelector />
    </Container>
  );
}

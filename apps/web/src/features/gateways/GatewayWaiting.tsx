import { IconRouterOff } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { Button } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';

/** While the scope's gateway is away: when its grace period ends (ms since the epoch); undefined otherwise. */
export const GatewayWaitContext = createContext<number | undefined>(undefined);

/**
 * The routed screen of a cloud gateway, or, while the gateway is away, a "waiting for it" state in its place.
 * The URL (screen, device, tab) stays as it was, so the screen comes back where the user was.
 */
export function GatewayOutlet({ children }: { children: ReactNode }) {
  const deadline = useContext(GatewayWaitContext);
  return deadline === undefined ? children : <GatewayWaiting deadline={deadline} />;
}

const secondsLeft = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

function GatewayWaiting({ deadline }: { deadline: number }) {
  const { t } = useTranslation();
  const gateway = useCurrentGateway();
  const [seconds, setSeconds] = useState(() => secondsLeft(deadline));
  useEffect(() => {
    const timer = setInterval(() => setSeconds(secondsLeft(deadline)), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      data-testid="gateway-waiting"
      title={t('gateway.waiting.title', { name: gateway?.name ?? '' })}
      // (no spinner: the countdown shows it is waiting, and the screen settles for screenshots and axe)
      icon={<IconRouterOff size={20} aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('gateway.waiting.text', { count: seconds })}</Text>
        <Group>
          <Button component={Link} to="/gateways" variant="default" size="xs">
            {t('gateway.waiting.leave')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

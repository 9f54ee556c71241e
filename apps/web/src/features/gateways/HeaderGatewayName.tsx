import { IconChevronDown, IconRouter } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { Tooltip } from '../../ui/floating/Tooltip';
import { Button } from '../../ui/kit/buttons';
import { useDisclosure } from '../../ui/kit/hooks';
import { Text } from '../../ui/kit/text';
import { useOpenedOnce } from '../../ui/useOpenedOnce';

const GatewaySelectorDialog = lazy(() => import('./GatewaySelectorDialog'));

/** Cloud mode: the chosen gateway's name; clicking it opens the selector in a dialog. */
export function HeaderGatewayName() {
  const { t } = useTranslation();
  const gateway = useCurrentGateway();
  const [opened, { open, close }] = useDisclosure(false);
  const dialogLoaded = useOpenedOnce(opened);
  if (gateway === undefined) return null;
  return (
    <>
      <Tooltip label={t('header.gateway.tooltip', { id: gateway.id })}>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={open}
          leftSection={<IconRouter size={16} aria-hidden style={{ flexShrink: 0 }} />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          miw={0}
          aria-haspopup="dialog"
          aria-label={t('header.gateway', { name: gateway.name })}
        >
          <Text span size="sm" truncate>
            {gateway.name}
          </Text>
        </Button>
      </Tooltip>
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <GatewaySelectorDialog opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

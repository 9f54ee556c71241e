import { Button, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { AppModal } from '../../ui/AppModal';
import { GatewaySelector } from './GatewaySelector';

/** Cloud mode: the chosen gateway's name; clicking it opens the selector in a dialog. */
export function HeaderGatewayName() {
  const { t } = useTranslation();
  const gateway = useCurrentGateway();
  const [opened, { open, close }] = useDisclosure(false);
  if (gateway === undefined) return null;
  return (
    <>
      <Tooltip label={t('header.gateway.tooltip', { id: gateway.id })}>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={open}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          miw={0}
          aria-haspopup="dialog"
        >
          <Text span size="sm" truncate maw={{ base: 110, sm: 260 }}>
            {t('header.gateway', { name: gateway.name })}
          </Text>
        </Button>
      </Tooltip>
      <AppModal opened={opened} onClose={close} title={t('gateway.selector.title')}>
        {opened ? <GatewaySelector onClose={close} /> : null}
      </AppModal>
    </>
  );
}

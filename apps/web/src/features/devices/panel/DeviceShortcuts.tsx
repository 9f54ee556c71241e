import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useCurrentGateway } from '../../../app/CurrentGateway';
import { useServices } from '../../../app/ServicesContext';
import { Anchor } from '../../../ui/kit/text';
import { menuPath } from '../../menu/menuItems';

/** Shortcuts from a device's panel to other screens about it: its logs (the logs screen filtered to it). */
export function DeviceShortcuts({ ip }: { ip: string }) {
  const { t } = useTranslation();
  const { config } = useServices();
  const gateway = useCurrentGateway();
  const logs = menuPath(config.mode, 'logs', gateway?.id);
  if (logs === undefined) return null;
  return (
    <Anchor
      component={Link}
      to={`${logs}?device=${encodeURIComponent(ip)}`}
      size="sm"
      ml="auto"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconFileText size={16} aria-hidden />
      {t('devices.shortcut.logs')}
    </Anchor>
  );
}

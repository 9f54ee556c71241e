import {
  IconAdjustments,
  IconBell,
  IconCloudUpload,
  IconFileText,
  IconInfoCircle,
  IconLayoutDashboard,
  IconMenu2,
  IconPlugConnected,
  IconStack2,
  IconTable,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useCurrentGateway } from '../../app/CurrentGateway';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Menu } from '../../ui/floating/Menu';
import { ActionIcon } from '../../ui/kit/buttons';
import { alertsFirstEn, alertsFirstRu } from '../alerts/messagesFirst';
import { cloudRolloutsFirstEn, cloudRolloutsFirstRu } from '../cloud-rollouts/messagesFirst';
import { historyFirstEn, historyFirstRu } from '../history/messagesFirst';
import { integrationsFirstEn, integrationsFirstRu } from '../integrations/messagesFirst';
import { rolloutsFirstEn, rolloutsFirstRu } from '../rollouts/messagesFirst';
import { MENU_ITEMS, type MenuItem, menuPath } from './menuItems';
import { menuFirstEn, menuFirstRu } from './messages';

addTexts(menuFirstEn, menuFirstRu);
addTexts(historyFirstEn, historyFirstRu);
addTexts(integrationsFirstEn, integrationsFirstRu);
addTexts(alertsFirstEn, alertsFirstRu);
addTexts(rolloutsFirstEn, rolloutsFirstRu);
addTexts(cloudRolloutsFirstEn, cloudRolloutsFirstRu);

const BuildInfoDialog = lazy(() =>
  import('../build-info/BuildInfoDialog').then((m) => ({ default: m.BuildInfoDialog })),
);

const ICONS: Record<MenuItem, typeof IconMenu2> = {
  panel: IconLayoutDashboard,
  settings: IconAdjustments,
  logs: IconFileText,
  ota: IconCloudUpload,
  rollouts: IconStack2,
  integrations: IconPlugConnected,
  alerts: IconBell,
  overview: IconTable,
};

/** Shown in gateway mode, or in cloud mode once a gateway is chosen. */
export function AppMenu() {
  const { t } = useTranslation();
  const { config } = useServices();
  const gateway = useCurrentGateway();
  const [buildInfoOpened, setBuildInfoOpened] = useState(false);
  if (config.mode === 'cloud' && gateway === undefined) return null;

  return (
    <>
      <Menu position="bottom-start">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('menu.open')}>
            <IconMenu2 size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {MENU_ITEMS.map((item) => {
            const to = menuPath(config.mode, item, gateway?.id);
            const Icon = ICONS[item];
            return to === undefined ? null : (
              <Menu.Item key={item} component={Link} to={to} leftSection={<Icon size={16} aria-hidden />}>
                {t(`menu.item.${item}`)}
              </Menu.Item>
            );
          })}
          {config.mode === 'cloud' ? (
            <Menu.Item component={Link} to="/rollouts" leftSection={<IconStack2 size={16} aria-hidden />}>
              {t('cloudRollouts.open')}
            </Menu.Item>
          ) : null}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            onClick={() => setBuildInfoOpened(true)}
          >
            {t('menu.build.info')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {buildInfoOpened ? (
        <Suspense fallback={null}>
          <BuildInfoDialog opened onClose={() => setBuildInfoOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

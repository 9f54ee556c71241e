import { Anchor, AppShell, Box, Group } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserBadge } from '../features/auth/UserBadge';
import { LocalGatewayName } from '../features/cloud-link/LocalGatewayName';
import { HeaderGatewayName } from '../features/gateways/HeaderGatewayName';
import { AppMenu } from '../features/menu/AppMenu';
import { LanguageSwitch } from '../features/preferences/LanguageSwitch';
import { ThemeSwitch } from '../features/preferences/ThemeSwitch';
import { useServices } from './ServicesContext';

const CloudStatusWidget = lazy(() =>
  import('../features/cloud-link/CloudStatusWidget').then((m) => ({ default: m.CloudStatusWidget })),
);

/** Header (menu, title, gateway name, user or cloud status, theme and language) over the routed screen. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { config } = useServices();
  return (
    <AppShell header={{ height: 52 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="xs" gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <AppMenu />
            <Anchor
              component={Link}
              to="/"
              fw={700}
              underline="never"
              c="inherit"
              style={{ flexShrink: 0 }}
              aria-label={t('doc.title')}
            >
              <Box component="span" hiddenFrom="xs" display="flex">
                <IconHome size={20} aria-hidden />
              </Box>
              <Box component="span" visibleFrom="xs">
                {t('doc.title')}
              </Box>
            </Anchor>
            {config.mode === 'cloud' ? <HeaderGatewayName /> : <LocalGatewayName />}
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {config.mode === 'cloud' ? (
              <UserBadge />
            ) : (
              <Suspense fallback={null}>
                <CloudStatusWidget />
              </Suspense>
            )}
            <ThemeSwitch />
            <LanguageSwitch />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}

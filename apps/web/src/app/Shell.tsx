import './consoleStyles';
import { IconHome } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AppMenu } from '../features/menu/AppMenu';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { LanguageSwitch } from '../features/preferences/LanguageSwitch';
import { ThemeSwitch } from '../features/preferences/ThemeSwitch';
import { Box } from '../ui/kit/Box';
import { Group } from '../ui/kit/layout';
import { Anchor } from '../ui/kit/text';

export interface ShellProps {
  /** The gateway's name beside the title (each mode has its own). */
  gatewayName: ReactNode;
  /** The user (cloud mode) or the cloud connection (gateway mode). */
  status: ReactNode;
  children: ReactNode;
}

/**
 * Header (menu, title, gateway name, user or cloud status, theme and language) over the routed screen;
 * the mode's console fills the gateway name and status slots, so neither mode loads the other's widgets.
 * A sticky header of our own (styles.css): Mantine's AppShell would add its navbar, aside and resize
 * code to every screen for nothing.
 */
export function Shell({ gatewayName, status, children }: ShellProps) {
  const { t } = useTranslation();
  return (
    <>
      <Box component="header" className="st-shell-header">
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
            {gatewayName}
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <AfterFirstPaint>
              {status}
              <NotificationBell />
            </AfterFirstPaint>
            <ThemeSwitch />
            <LanguageSwitch />
          </Group>
        </Group>
      </Box>
      <Box component="main" p="md">
        {children}
      </Box>
    </>
  );
}

/**
 * Children that mount once the console's first frame (the screen with its list) is painted: the header's
 * status widgets and bell ask the server for six answers and render popovers, work the first screen does
 * not need (issue 21: it ran between the shell and the first device row at 4x CPU).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the frame after this commit, then a task after its paint
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted ? children : null;
}

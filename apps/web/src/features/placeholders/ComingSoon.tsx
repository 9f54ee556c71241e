import { Alert, Container } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../menu/menuItems';

/** Screens that later versions fill in. Says so plainly instead of pretending to work. */
export function ComingSoon({ screen }: { screen: MenuItem }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" px={0}>
      <Alert
        variant="light"
        color="gray"
        icon={<IconClockHour4 aria-hidden />}
        title={t('soon.title', { screen: t(`menu.item.${screen}`) })}
        role="status"
      >
        {t('soon.description')}
      </Alert>
    </Container>
  );
}

import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../ui/kit/buttons';

export function BackToGateways() {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to="/gateways"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {t('accounts.back')}
    </Button>
  );
}

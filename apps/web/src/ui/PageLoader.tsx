import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spinner shown while a screen or the session is loading. */
export function PageLoader({ fullHeight = false }: { fullHeight?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullHeight ? '100dvh' : '50dvh'}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

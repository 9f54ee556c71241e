import { useTranslation } from 'react-i18next';
import { Loader } from './kit/feedback';
import { Center } from './kit/layout';

/** The spinner shown while a screen or the session is loading. */
export function PageLoader({ fullHeight = false }: { fullHeight?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullHeight ? '100dvh' : '50dvh'}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

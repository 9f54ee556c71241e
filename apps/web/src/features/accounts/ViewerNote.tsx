import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Text } from '../../ui/kit/text';
import { accountsFirstEn, accountsFirstRu } from './messages';
import { useCanWrite } from './useCanWrite';

addTexts(accountsFirstEn, accountsFirstRu);

/**
 * Cloud mode, viewer role on the current gateway: says why the write controls of this screen are disabled.
 * Renders nothing for anyone who may write.
 */
export function ViewerNote() {
  const canWrite = useCanWrite();
  const { t } = useTranslation();
  if (canWrite) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="viewer-readonly">
      {t('accounts.viewer.readonly')}
    </Text>
  );
}

import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Alert } from '../../ui/kit/status';
import { settingsDumpsEn, settingsDumpsRu } from './messages';

addTexts(settingsDumpsEn, settingsDumpsRu);

type Why = 'viewer' | 'import' | 'wifi';
const TEXT = {
  viewer: 'device.settings.masked.viewer',
  import: 'device.settings.masked.import',
  wifi: 'devices.wifi.masked',
} as const satisfies Record<Why, keyof typeof settingsDumpsEn>;

/**
 * Says that the Wi-Fi password of what is shown is hidden (a cloud viewer gets settings dumps with it masked,
 * `secretsMasked`), and why: the reader's role, or (`import`) that such a copy cannot be imported. A note, not
 * an alert: it is read where it stands, not announced.
 */
export function SecretsMaskedNote({ why }: { why: Why }) {
  const { t } = useTranslation();
  return (
    <Alert
      role="note"
      color={why === 'import' ? 'red' : 'blue'}
      icon={<IconLock size={16} aria-hidden />}
      title={t('device.settings.masked.title')}
      data-testid="secrets-masked-note"
    >
      {t(TEXT[why])}
    </Alert>
  );
}

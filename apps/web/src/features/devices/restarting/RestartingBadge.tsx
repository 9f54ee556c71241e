import { useTranslation } from 'react-i18next';
import { addTexts } from '../../../i18n';
import { Loader } from '../../../ui/kit/feedback';
import { Badge } from '../../../ui/kit/status';
import { devicesFirstEn, devicesFirstRu } from '../messagesFirst';

// the badge shows on screens of other features (the overview, the panel's lists): it brings its texts
addTexts(devicesFirstEn, devicesFirstRu);

/**
 * "Restarting…" with a spinner, while the gateway holds the device as restarting (it was told to restart, or
 * took new firmware): neither lost nor reachable. Its text is its accessible name; the title says more.
 */
export function RestartingBadge({ restarting }: { restarting: boolean | undefined }) {
  const { t } = useTranslation();
  if (restarting !== true) return null;
  return (
    <Badge
      size="xs"
      color="yellow"
      variant="light"
      tt="none"
      data-testid="restarting-badge"
      title={t('devices.restarting.title')}
      leftSection={<Loader size={10} aria-hidden />}
      style={{ flexShrink: 0, maxWidth: 'none' }}
    >
      {t('devices.restarting')}
    </Badge>
  );
}

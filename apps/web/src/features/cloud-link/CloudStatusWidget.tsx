import { IconCloud, IconCloudOff } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../i18n';
import { Tooltip } from '../../ui/floating/Tooltip';
import { Button } from '../../ui/kit/buttons';
import { useDisclosure } from '../../ui/kit/hooks';
import { Text } from '../../ui/kit/text';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { cloudLinkFirstEn, cloudLinkFirstRu } from './messages';
import { useCloudLink } from './useCloudLink';

addTexts(cloudLinkFirstEn, cloudLinkFirstRu);

const CloudStatusDialog = lazy(() =>
  import('./CloudStatusDialog').then((m) => ({ default: m.CloudStatusDialog })),
);

/** Gateway mode header: "Cloud: <status>"; opens the cloud connection dialog. */
export function CloudStatusWidget() {
  const { t } = useTranslation();
  const link = useCloudLink();
  const [opened, { open, close }] = useDisclosure(false);
  const dialogLoaded = useOpenedOnce(opened);
  const status = link.status.data;
  const statusText = link.tokenRefused
    ? t('gateway.cloud.status.TOKEN_REFUSED')
    : t(`gateway.cloud.status.${status ?? 'UNKNOWN'}`);
  const label = t('gateway.cloud.conn.status', { status: statusText });
  return (
    <>
      <Tooltip label={t('gateway.cloud.conn.status.title')}>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={
            status === 'CONNECTED' ? (
              // Green on the icon only: green text on white is under the AA contrast for its size.
              <IconCloud size={16} aria-hidden color="var(--st-green-8)" />
            ) : (
              <IconCloudOff size={16} aria-hidden />
            )
          }
          onClick={open}
          aria-haspopup="dialog"
          aria-label={label}
          data-testid="cloud-status"
          data-status={status ?? 'UNKNOWN'}
          data-problem={link.tokenRefused ? 'TOKEN_REFUSED' : undefined}
        >
          {/* On a phone the icon alone (its colour and the button's label say the status); the words from sm up. */}
          <Text
            span
            size="sm"
            visibleFrom="sm"
            data-testid="cloud-status-text"
            style={{ whiteSpace: 'nowrap' }}
          >
            {label}
          </Text>
        </Button>
      </Tooltip>
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <CloudStatusDialog opened={opened} onClose={close} link={link} />
        </Suspense>
      ) : null}
    </>
  );
}

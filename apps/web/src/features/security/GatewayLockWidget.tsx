import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Tooltip } from '../../ui/floating/Tooltip';
import { Button } from '../../ui/kit/buttons';
import { useDisclosure } from '../../ui/kit/hooks';
import { Text } from '../../ui/kit/text';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { securityFirstEn, securityFirstRu } from './messages';
import { useGatewayAuth } from './useGatewayAuth';

addTexts(securityFirstEn, securityFirstRu);

// Downloaded when first opened (issue 21: the dialog's Modal is not part of the gateway's first screen).
const SetPasswordDialog = lazy(() => import('./SetPasswordDialog'));

/** Gateway mode header: "Sign out" when a password protects the gateway, else "Set a password". */
export function GatewayLockWidget() {
  const { t } = useTranslation();
  const { toaster, log } = useServices();
  const { api, state, changed } = useGatewayAuth();
  const [opened, { open, close }] = useDisclosure(false);
  const dialogLoaded = useOpenedOnce(opened);
  const data = state.data;
  if (data === undefined) return null;
  if (data.enabled) {
    const signOut = async () => {
      try {
        await api.signOut();
        await changed();
      } catch (error) {
        log.warn('Gateway sign-out failed', error);
        toaster.error({ caption: t('gateway.signOut.failed') });
      }
    };
    return (
      <Tooltip label={t('gateway.signOut')}>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLock size={16} aria-hidden />}
          onClick={() => void signOut()}
          data-testid="gateway-sign-out"
        >
          <Text span size="sm" visibleFrom="sm">
            {t('gateway.signOut')}
          </Text>
        </Button>
      </Tooltip>
    );
  }
  if (!data.canSetPassword) return null;
  return (
    <>
      <Tooltip label={t('gateway.password.set')}>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLockOpen size={16} aria-hidden />}
          onClick={open}
          aria-haspopup="dialog"
          aria-label={t('gateway.password.set')}
          data-testid="gateway-set-password"
        />
      </Tooltip>
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <SetPasswordDialog opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

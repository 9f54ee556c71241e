import { GATEWAY_ROUTES } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayRequest } from '../../api/routes';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { UnstyledButton } from '../../ui/kit/buttons';
import { Text } from '../../ui/kit/text';
import { cloudLinkApi, cloudLinkKeys } from '../cloud-link/cloudLinkApi';
import { gatewayNameFirstEn, gatewayNameFirstRu } from './messages';
import { nameKey } from './nameKey';

addTexts(gatewayNameFirstEn, gatewayNameFirstRu);

// Downloaded when first opened (issue 21: its Modal is not part of the gateway's first screen).
const RenameDialog = lazy(() => import('./RenameDialog'));

/**
 * Gateway mode header (issue 17, defect 11): the gateway's name, the cloud's name for it once linked to a
 * cloud, its local name (host name by default) otherwise; also the browser title. Clicking renames it.
 */
export function GatewayNameHeader() {
  const { t } = useTranslation();
  const { http } = useServices();
  const [open, setOpen] = useState(false);
  const local = useQuery({
    queryKey: nameKey,
    queryFn: () => http.request(gatewayRequest(GATEWAY_ROUTES, 'gateway.name.get')),
  });
  const identity = useQuery({
    queryKey: cloudLinkKeys.identity,
    queryFn: () => cloudLinkApi(http).identity(),
  });
  const cloudName = identity.data?.gateway.name;
  const name = cloudName ?? local.data?.name;

  useEffect(() => {
    if (name !== undefined) document.title = `${name} · SmartThing`;
  }, [name]);

  if (name === undefined) return null;
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        miw={0}
        aria-label={t('header.gateway', { name })}
        title={t('gatewayName.rename', { name })}
        data-testid="gateway-name"
      >
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
      </UnstyledButton>
      {open && (
        <Suspense fallback={null}>
          <RenameDialog
            current={local.data?.name ?? ''}
            cloudName={cloudName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

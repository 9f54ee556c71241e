import { type AdminUser, SSO_ROUTES } from '@st/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cloudRequest } from '../../api/routes';
import { useServices } from '../../app/ServicesContext';
import { AppModal } from '../../ui/AppModal';
import { Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { SsoLinkRows, useSsoUnlink } from './SsoSection';
import { securityKeys } from './securityApi';

/** Admins (users screen): a user's single sign-on links, each unlinkable (never the user's last way in). */
export function UserSsoDialog({ user, onClose }: { user: AdminUser | undefined; onClose: () => void }) {
  const { http } = useServices();
  const { t } = useTranslation();
  const id = user?.id ?? '';
  const key = [...securityKeys.sso, id] as const;
  const list = useQuery({
    queryKey: key,
    enabled: user !== undefined,
    queryFn: () => http.request(cloudRequest(SSO_ROUTES, 'cloud.users.sso.list', { params: { id } })),
  });
  const unlink = useSsoUnlink(
    (l) => http.request(cloudRequest(SSO_ROUTES, 'cloud.users.sso.unlink', { params: { id, link: l.id } })),
    key,
  );
  return (
    <AppModal
      opened={user !== undefined}
      onClose={onClose}
      title={t('sec.users.sso.title', { login: user?.login ?? '' })}
    >
      <Stack gap="xs">
        {list.isError ? <Text c="red">{t('sec.load.error')}</Text> : null}
        {list.data ? <SsoLinkRows links={list.data.links} onUnlink={unlink} /> : null}
      </Stack>
    </AppModal>
  );
}

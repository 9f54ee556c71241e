import { SSO_RESULT_LINKED, SSO_RESULT_PARAM, SSO_ROUTES, type SsoLink } from '@st/protocol';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { cloudRequest } from '../../api/routes';
import { useServices } from '../../app/ServicesContext';
import { useFormat } from '../../ui/format';
import { Button } from '../../ui/kit/buttons';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { useConfirm } from '../../ui/useConfirm';
import { Section } from './Section';
import { securityKeys } from './securityApi';

/** The provider's answer when the browser comes back from linking (?sso=linked or an error code), read once. */
function useLinkResult(onResult: (result: string) => void) {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const result = params.get(SSO_RESULT_PARAM);
    if (result === null) return;
    params.delete(SSO_RESULT_PARAM);
    const query = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    onResult(result);
  }, []);
}

/**
 * Single sign-on: the provider identities linked to this account (provider, who, linked, last used), unlink
 * one (the cloud refuses the last way in), and link the provider (a trip to its sign-in and back here).
 * Hidden when single sign-on is off and nothing is linked.
 */
export function SsoSection() {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: securityKeys.sso,
    queryFn: () => http.request(cloudRequest(SSO_ROUTES, 'cloud.me.sso.list')),
  });
  useLinkResult((result) => {
    if (result === SSO_RESULT_LINKED) toaster.success({ caption: t('sec.sso.linked') });
    else {
      const why = i18n.getResource(i18n.language, 'errors', result);
      toaster.error({
        caption: t('sec.sso.link.refused', { reason: typeof why === 'string' ? why : result }),
      });
    }
  });
  const failed = (error: unknown, caption: string) => {
    log.warn('Single sign-on link change failed', error);
    toaster.error({ caption: serverMessage(error, i18n) ?? caption });
  };

  const link = async () => {
    setBusy(true);
    try {
      const { url } = await http.request(cloudRequest(SSO_ROUTES, 'cloud.me.sso.link'));
      window.location.assign(url);
    } catch (error) {
      setBusy(false);
      failed(error, t('sec.sso.link.error'));
    }
  };
  const unlink = useSsoUnlink(
    (l) => http.request(cloudRequest(SSO_ROUTES, 'cloud.me.sso.unlink', { params: { link: l.id } })),
    securityKeys.sso,
  );

  const data = list.data;
  if (data && data.provider === null && data.links.length === 0) return null;
  return (
    <Section title={t('sec.sso.title')} testId="sso-section">
      <Text size="sm">{t('sec.sso.about')}</Text>
      {list.isError ? <Text c="red">{t('sec.load.error')}</Text> : null}
      {data ? <SsoLinkRows links={data.links} onUnlink={unlink} /> : null}
      {data?.provider ? (
        <Group>
          <Button
            variant="light"
            loading={busy}
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => void link()}
          >
            {t('sec.sso.link', { name: data.provider.name })}
          </Button>
        </Group>
      ) : null}
    </Section>
  );
}

/** The linked accounts, each with its unlink button (the user's own screen and the admins' dialog). */
export function SsoLinkRows({
  links,
  onUnlink,
}: {
  links: SsoLink[];
  onUnlink: (l: SsoLink) => Promise<void>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sec.sso.none')}
        </Text>
      ) : null}
      {links.map((l) => (
        <Paper key={l.id} withBorder p="xs" data-testid="sso-link-row" data-subject={l.subject}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Stack gap={0} style={{ flex: 1, minWidth: 180 }}>
              <Text fw={500} truncate>
                {l.provider}: {l.email ?? l.subject}
              </Text>
              <Text size="xs" c="dimmed">
                {t('sec.sso.linkedAt', { date: format.date(l.linkedAt) })}
                {' · '}
                {l.lastUsedAt === null
                  ? t('sec.sso.neverUsed')
                  : t('sec.sso.lastUsed', { date: format.dateTime(l.lastUsedAt) })}
              </Text>
            </Stack>
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconUnlink size={14} aria-hidden />}
              aria-label={t('sec.sso.unlinkOf', { name: l.provider, who: l.email ?? l.subject })}
              onClick={() => void onUnlink(l)}
            >
              {t('sec.sso.unlink')}
            </Button>
          </Group>
        </Paper>
      ))}
    </>
  );
}

/** Unlink after a confirm: the cloud's refusal (the last way in) is shown in the user's language. */
export function useSsoUnlink(call: (l: SsoLink) => Promise<unknown>, queryKey: readonly unknown[]) {
  const { toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return async (l: SsoLink) => {
    const who = l.email ?? l.subject;
    if (!(await confirm({ message: t('sec.sso.unlink.confirm', { name: l.provider, who }) }))) return;
    try {
      await call(l);
      toaster.success({ caption: t('sec.sso.unlinked') });
      await queryClient.invalidateQueries({ queryKey });
    } catch (error) {
      log.warn('Single sign-on unlink failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('sec.sso.unlink.error') });
    }
  };
}

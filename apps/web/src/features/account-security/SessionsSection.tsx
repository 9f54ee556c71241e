import { IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { useFormat } from '../../ui/format';
import { Button } from '../../ui/kit/buttons';
import { Group, Paper, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { Section } from './Section';
import { securityApi, securityKeys } from './securityApi';

/** The signed-in sessions (device, address, last seen; this one marked) and "end session" for the others. */
export function SessionsSection() {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const api = securityApi(http);
  const overview = useQuery({ queryKey: securityKeys.sessions, queryFn: api.sessions });

  const end = async (id: string) => {
    try {
      await api.endSession(id);
      toaster.success({ caption: t('sec.sessions.ended') });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (error) {
      log.warn('Ending a session failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('sec.sessions.error') });
    }
  };

  return (
    <Section title={t('sec.sessions.title')} testId="sessions-section">
      {overview.isError ? <Text c="red">{t('sec.load.error')}</Text> : null}
      {overview.data?.sessions.map((s) => (
        <Paper key={s.id} withBorder p="xs" data-testid="session-row" data-current={s.current}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Stack gap={0} style={{ flex: 1, minWidth: 180 }}>
              <Group gap="xs">
                <Text fw={500}>{s.device}</Text>
                {s.current ? (
                  <Badge variant="light" color="teal">
                    {t('sec.sessions.current')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {t('sec.sessions.address')}: {s.address ?? '—'}
              </Text>
              <Text size="xs" c="dimmed">
                {t('sec.sessions.lastSeen')}: {format.dateTime(s.lastSeenAt)}
              </Text>
            </Stack>
            {s.current ? null : (
              <Button
                variant="light"
                color="red"
                size="xs"
                leftSection={<IconLogout size={14} aria-hidden />}
                aria-label={t('sec.sessions.endOf', { device: s.device })}
                onClick={() => void end(s.id)}
              >
                {t('sec.sessions.end')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Section>
  );
}

import { Button, PasswordInput, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { AppModal } from '../../ui/AppModal';
import { failureText } from '../../ui/describeFailure';
import { useGatewayAuth } from './useGatewayAuth';

const MIN_LENGTH = 8;

/** Gateway mode header: "Sign out" when a password protects the gateway, else "Set a password". */
export function GatewayLockWidget() {
  const { t } = useTranslation();
  const { toaster, log } = useServices();
  const { api, state, changed } = useGatewayAuth();
  const [opened, { open, close }] = useDisclosure(false);
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
      <AppModal opened={opened} onClose={close} title={t('gateway.password.set')}>
        {opened ? <SetPasswordForm onDone={close} /> : null}
      </AppModal>
    </>
  );
}

function SetPasswordForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { toaster, log } = useServices();
  const { api, changed } = useGatewayAuth();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const tooShort = password.length > 0 && password.length < MIN_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || password.length < MIN_LENGTH) return;
    setBusy(true);
    try {
      await api.setPassword(password);
      toaster.success({ caption: t('gateway.password.set.success') });
      onDone();
      await changed();
    } catch (error) {
      log.warn('Setting the gateway password failed', error);
      toaster.error({ caption: t('gateway.password.set.failed'), description: failureText(error, t, i18n) });
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <Text size="sm">{t('gateway.password.set.desc')}</Text>
        <PasswordInput
          label={t('password')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
          error={tooShort ? t('gateway.password.short', { min: MIN_LENGTH }) : undefined}
          required
          data-autofocus
        />
        <Button type="submit" loading={busy} disabled={password.length < MIN_LENGTH}>
          {t('gateway.password.set.confirm')}
        </Button>
      </Stack>
    </form>
  );
}

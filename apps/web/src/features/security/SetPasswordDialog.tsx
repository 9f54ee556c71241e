import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { failureText } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { Stack } from '../../ui/kit/layout';
import { PasswordInput } from '../../ui/kit/password';
import { Text } from '../../ui/kit/text';
import { authEn, authRu } from '../auth/messages';
import { securityEn, securityFirstEn, securityFirstRu, securityRu } from './messages';
import { useGatewayAuth } from './useGatewayAuth';

addTexts(securityFirstEn, securityFirstRu);
addTexts(securityEn, securityRu);
addTexts(authEn, authRu);

const MIN_LENGTH = 8;

/** The "Set a password" dialog of the gateway header (GatewayLockWidget). */
export default function SetPasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('gateway.password.set')}>
      {opened ? <SetPasswordForm onDone={onClose} /> : null}
    </AppModal>
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
          error={tooShort ? t('gateway.password.short', { count: MIN_LENGTH }) : undefined}
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

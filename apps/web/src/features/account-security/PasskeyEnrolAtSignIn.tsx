import type { PasskeyRegistered } from '@st/protocol';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { cancelled, createPasskey } from './passkeyCreate';

/**
 * A passkey as the second factor an administrator requires, registered with the pending sign-in cookie (plain
 * sends: no session yet); the cloud answers the session's refresh token with it.
 */
export function PasskeyEnrolAtSignIn({ onRegistered }: { onRegistered: (r: PasskeyRegistered) => void }) {
  const { http, toaster, log } = useServices();
  const { t, i18n } = useTranslation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      onRegistered(await createPasskey(http, name, true));
    } catch (error) {
      setBusy(false);
      if (cancelled(error)) return;
      log.warn('Passkey at sign-in failed', error);
      toaster.error({ caption: serverMessage(error, i18n) ?? t('sec.passkeys.error') });
    }
  };
  return (
    <form onSubmit={(e) => void add(e)} data-testid="enrol-passkey">
      <Stack gap="xs">
        <Text size="sm">{t('cloud.auth.enrol.passkey.about')}</Text>
        <TextInput
          label={t('sec.passkeys.name')}
          value={name}
          maxLength={64}
          required
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Button type="submit" variant="light" loading={busy} disabled={name.trim() === ''}>
          {t('sec.passkeys.add')}
        </Button>
      </Stack>
    </form>
  );
}

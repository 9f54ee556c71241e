import { decodeConnectionToken } from '@st/protocol';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusOf } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { failureText } from '../../ui/describeFailure';
import { Button } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Stack } from '../../ui/kit/layout';
import { Textarea } from '../../ui/kit/textFields';
import type { CloudLink } from './useCloudLink';

/** Paste a connection token; when it decodes, its URL and token become editable and Connect appears. */
export function CloudConnectForm({ link }: { link: CloudLink }) {
  const { t, i18n } = useTranslation();
  const { toaster, log } = useServices();
  const [pasted, setPasted] = useState('');
  // "required" only once the user typed something and took it away (never on a form just opened)
  const [touched, setTouched] = useState(false);
  const [parts, setParts] = useState<{ cloudUrl: string; token: string } | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const onPaste = (value: string) => {
    setPasted(value);
    if (value !== '') setTouched(true);
    const decoded = decodeConnectionToken(value.trim());
    setParts(decoded.ok ? decoded.value : undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (parts === undefined || parts.cloudUrl.trim() === '' || parts.token.trim() === '') return;
    setBusy(true);
    try {
      await link.api.login({ cloudUrl: parts.cloudUrl.trim(), token: parts.token.trim() });
    } catch (error) {
      log.warn('Cloud login failed', error);
      const status = statusOf(error);
      let description: string;
      if (status === 401 || status === 403) description = t('gateway.cloud.auth.denied');
      else if (status === 502 || status === 503) description = t('gateway.cloud.auth.unavailable');
      else description = failureText(error, t, i18n);
      toaster.error({ caption: t('gateway.cloud.auth.failed'), description });
      setBusy(false);
      return;
    }
    toaster.success({ caption: t('gateway.cloud.auth.success') });
    // Spec section 4: reload the status; when the gateway info is there, start the connection.
    const identity = await link.identity.refetch();
    await link.reload();
    if (identity.data?.gateway !== undefined) {
      try {
        await link.api.connect();
      } catch (error) {
        log.warn('Cloud connect failed', error);
        toaster.error({ caption: t('gateway.cloud.conn.failed') });
      }
    }
    setBusy(false);
  };

  const invalidToken = pasted.trim() !== '' && parts === undefined;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('gateway.cloud.auth.conn.token')}
          description={t('gateway.cloud.auth.conn.token.hint')}
          value={pasted}
          onChange={(event) => onPaste(event.currentTarget.value)}
          error={
            pasted.trim() === ''
              ? touched
                ? t('field.required')
                : undefined
              : invalidToken
                ? t('gateway.cloud.auth.conn.token.invalid')
                : undefined
          }
          autosize
          minRows={2}
          required
          data-autofocus
        />
        {parts === undefined ? null : (
          <>
            <TextInput
              label={t('gateway.cloud.auth.url')}
              value={parts.cloudUrl}
              onChange={(event) => setParts({ ...parts, cloudUrl: event.currentTarget.value })}
              error={parts.cloudUrl.trim() === '' ? t('field.required') : undefined}
              required
            />
            <TextInput
              label={t('gateway.cloud.auth.token')}
              value={parts.token}
              onChange={(event) => setParts({ ...parts, token: event.currentTarget.value })}
              error={parts.token.trim() === '' ? t('field.required') : undefined}
              required
            />
            <Button
              type="submit"
              loading={busy}
              disabled={parts.cloudUrl.trim() === '' || parts.token.trim() === ''}
            >
              {t('gateway.cloud.auth.connect')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}

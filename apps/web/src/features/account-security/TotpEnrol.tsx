import type { TotpConfirmed, TotpEnrolment } from '@st/protocol';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errors';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { downloadText } from '../../ui/downloadText';
import { Button, CopyButton } from '../../ui/kit/buttons';
import { Loader } from '../../ui/kit/feedback';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import { Code } from '../../ui/kit/textBlocks';
import { accountSecurityEn, accountSecurityRu } from './messages';
import { QrCode } from './QrCode';

addTexts(accountSecurityEn, accountSecurityRu);

/**
 * Setting up an authenticator app: the QR code of the otpauth URI and the secret as text, then a first code
 * turns it on. Used on the security screen and at a sign-in that requires a second factor (the calls differ).
 */
export function TotpEnrol({
  enrol,
  confirm,
  onConfirmed,
  onCancel,
}: {
  enrol: () => Promise<TotpEnrolment>;
  confirm: (code: string) => Promise<TotpConfirmed>;
  onConfirmed: (result: TotpConfirmed) => void;
  onCancel?: () => void;
}) {
  const { log } = useServices();
  const { t, i18n } = useTranslation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  // (once per mount: a new enrolment replaces the unconfirmed secret on the server)
  useEffect(() => {
    let cancelled = false;
    enrol().then(
      (e) => !cancelled && setEnrolment(e),
      (error: unknown) => {
        log.warn('TOTP enrolment failed', error);
        if (!cancelled) setFailed(serverMessage(error, i18n) ?? t('sec.load.error'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailed(undefined);
    try {
      onConfirmed(await confirm(code.trim()));
    } catch (error) {
      log.warn('TOTP confirmation failed', error);
      setFailed(serverMessage(error, i18n) ?? t('sec.totp.error'));
      setBusy(false);
    }
  };

  if (enrolment === undefined)
    return failed ? <Text c="red">{failed}</Text> : <Loader size="sm" aria-label={t('sec.totp.start')} />;
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="totp-enrol">
      <Stack gap="xs">
        <Text size="sm">{t('sec.totp.scan')}</Text>
        <QrCode text={enrolment.uri} label={t('sec.totp.qr')} />
        <Text size="sm" fw={500}>
          {t('sec.totp.secret')}
        </Text>
        <Code block data-testid="totp-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {enrolment.secret}
        </Code>
        <TextInput
          label={t('sec.totp.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={failed}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('sec.totp.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={busy} disabled={!/^\d{6}$/.test(code.trim())}>
            {t('sec.totp.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The ten recovery codes, shown once: copy, download, then done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="xs" data-testid="recovery-codes">
      <Text fw={500}>{t('sec.codes.title')}</Text>
      <Text size="sm">{t('sec.codes.about')}</Text>
      <Code block style={{ columns: 2, columnGap: '2em' }}>
        {codes.join('\n')}
      </Code>
      <Group gap="xs" justify="flex-end">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? t('sec.codes.copied') : t('sec.codes.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={() => downloadText(text, 'smartthing-recovery-codes.txt')}>
          {t('sec.codes.download')}
        </Button>
        <Button onClick={onDone}>{t('sec.codes.done')}</Button>
      </Group>
    </Stack>
  );
}

import { encodeConnectionToken } from '@st/protocol';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { AppModal } from '../../ui/AppModal';
import { Button, CopyButton } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { Alert } from '../../ui/kit/status';
import { Text, Title } from '../../ui/kit/text';
import { Code } from '../../ui/kit/textBlocks';
import { gatewaysEn, gatewaysRu } from './messages';

addTexts(gatewaysEn, gatewaysRu);

export interface TokenDialogProps {
  /** The freshly generated token; the dialog is open while it is set. It exists only until closed. */
  token: string | undefined;
  onClose: () => void;
}

/** The cloud URL the gateway should reach: this page's origin plus the console's base path. */
function defaultCloudUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

export function TokenDialog({ token, onClose }: TokenDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={token !== undefined}
      onClose={onClose}
      title={t('gateway.item.connection.token')}
      size="large"
    >
      {token === undefined ? null : <TokenForm initialToken={token} />}
    </AppModal>
  );
}

function TokenForm({ initialToken }: { initialToken: string }) {
  const { t } = useTranslation();
  const { baseUrl } = useServices();
  const [cloudUrl, setCloudUrl] = useState(() => defaultCloudUrl(baseUrl));
  const [token, setToken] = useState(initialToken);
  const urlBlank = cloudUrl.trim() === '';
  const tokenBlank = token.trim() === '';
  const combined = encodeConnectionToken({ cloudUrl: cloudUrl.trim(), token: token.trim() });
  let problem: string | undefined;
  if (urlBlank) problem = t('gateway.item.token.validation.url.blank');
  else if (tokenBlank) problem = t('gateway.item.token.validation.token.blank');
  else if (!combined.ok) problem = t('gateway.item.token.validation.separator');

  return (
    <Stack>
      <Text size="sm">{t('gateway.item.token.hint')}</Text>
      <TextInput
        label={t('gateway.item.cloud.url')}
        value={cloudUrl}
        onChange={(event) => setCloudUrl(event.currentTarget.value)}
        error={urlBlank ? t('field.required') : undefined}
        required
      />
      <TextInput
        label={t('gateway.item.auth.token')}
        value={token}
        onChange={(event) => setToken(event.currentTarget.value)}
        error={tokenBlank ? t('field.required') : undefined}
        required
      />
      <Title order={3} size="h5">
        {t('gateway.item.auth.connection.token')}
      </Title>
      {problem !== undefined || !combined.ok ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : (
        <>
          <Code
            block
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid="connection-token"
          >
            {combined.value}
          </Code>
          <CopyButton value={combined.value}>
            {({ copied, failed, copy }) => (
              <Group gap="sm">
                <Button
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? t('common.copied') : t('common.copy')}
                </Button>
                {/* said by screen readers too; a refused copy tells how to copy by hand */}
                <Text size="sm" role="status" c={failed ? 'red' : 'teal'}>
                  {copied
                    ? t('gateway.item.token.copied')
                    : failed
                      ? t('gateway.item.token.copy.failed')
                      : ''}
                </Text>
              </Group>
            )}
          </CopyButton>
        </>
      )}
    </Stack>
  );
}

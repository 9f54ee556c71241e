import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Center, Paper, Stack } from './kit/layout';
import { Title } from './kit/text';

/**
 * A sign-in screen's card: the console's name, what is being signed in to, and the form's fields (the cloud's
 * sign-in, the gateway's password).
 */
export function SignInCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={400}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Title order={1} ta="center">
              {t('doc.title')}
            </Title>
            <Title order={2} size="h5" ta="center">
              {title}
            </Title>
            {children}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

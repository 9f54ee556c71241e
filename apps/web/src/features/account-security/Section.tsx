import type { ReactNode } from 'react';
import { Paper, Stack } from '../../ui/kit/layout';
import { Title } from '../../ui/kit/text';

/** One titled block of the screen. */
export function Section({
  title,
  testId,
  children,
}: {
  title: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" component="section" data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

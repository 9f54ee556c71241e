import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { Stack } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';
import type { ToastRecord } from './toastHistory';

const COLORS = { info: 'blue', warning: 'yellow', success: 'green', error: 'red' } as const;

/** The bell's list of every toast shown (NotificationBell.tsx), loaded when first shown. */
export default function ToastHistoryList({ records }: { records: readonly ToastRecord[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The list scrolls itself; it holds no control, so it takes the focus itself to scroll by keyboard.
  return (
    <Stack
      gap={6}
      component="ul"
      className="st-scroll"
      tabIndex={0}
      aria-label={t('toasts.history.title')}
      mah={360}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {records.map((r) => (
        <li key={r.id} data-testid="toast-history-item">
          <Text size="sm" fw={500} c={COLORS[r.type]}>
            {r.caption}
          </Text>
          {r.description === undefined ? null : <Text size="xs">{r.description}</Text>}
          <Text size="xs" c="dimmed">
            {r.source === undefined ? '' : `${r.source} · `}
            {format.dateTime(r.at)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

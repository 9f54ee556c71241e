import { IconTag, IconTagOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button } from '../../ui/kit/buttons';
import { Group, Paper } from '../../ui/kit/layout';
import { useDeviceErrorToast } from '../devices/api/deviceErrors';
import type { Selection } from '../fleet/useSelection';
import { tagsEn, tagsRu } from './messages';
import { TagField } from './TagField';
import { checkTag, type TagError } from './tagModel';
import { allTags, useTagMap, useTagWrites } from './tagsApi';

addTexts(tagsEn, tagsRu);

/** Beside the bulk actions while devices are chosen: add a tag to, or remove it from, every chosen device. */
export function BulkTags({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const toastError = useDeviceErrorToast();
  const { bulk } = useTagWrites();
  const map = useTagMap();
  const [text, setText] = useState('');
  const [error, setError] = useState<TagError | undefined>();
  const [running, setRunning] = useState<'add' | 'remove' | undefined>();
  const count = selection.devices.length;
  if (count === 0) return null;
  const run = (how: 'add' | 'remove') => {
    const check = checkTag(text);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    const ips = selection.devices.map((d) => d.ip);
    setRunning(how);
    bulk.mutate(
      { ips, [how]: [check.tag] },
      {
        onSuccess: () => {
          const key = how === 'add' ? 'tags.bulk.added' : 'tags.bulk.removed';
          toaster.success({ caption: t(key, { name: check.tag, count: ips.length }) });
          setText('');
        },
        onError: (e) => toastError(t('tags.save.error'), e),
        onSettled: () => setRunning(undefined),
      },
    );
  };
  return (
    <Paper withBorder p={6} radius="sm" component="section" aria-label={t('tags.bulk.label')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          run('add');
        }}
      >
        <Group gap={6} align="flex-end" wrap="wrap">
          <TagField
            size="xs"
            label={t('tags.bulk.label')}
            placeholder={t('tags.bulk.input')}
            value={text}
            onChange={(value) => {
              setText(value);
              setError(undefined);
            }}
            error={error}
            maw={240}
            suggestions={allTags(map.data)}
          />
          {(['add', 'remove'] as const).map((how) => (
            <Button
              key={how}
              type={how === 'add' ? 'submit' : 'button'}
              size="xs"
              variant="light"
              color={how === 'add' ? undefined : 'gray'}
              loading={running === how}
              disabled={running !== undefined}
              leftSection={
                how === 'add' ? <IconTag size={14} aria-hidden /> : <IconTagOff size={14} aria-hidden />
              }
              onClick={how === 'add' ? undefined : () => run('remove')}
            >
              {t(how === 'add' ? 'tags.bulk.add' : 'tags.bulk.remove', { count })}
            </Button>
          ))}
        </Group>
      </form>
    </Paper>
  );
}

import { IconPlus, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts } from '../../i18n';
import { Button, UnstyledButton } from '../../ui/kit/buttons';
import { Group, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';
import { Text } from '../../ui/kit/text';
import { useCanWrite } from '../accounts/useCanWrite';
import { useDeviceErrorToast } from '../devices/api/deviceErrors';
import { tagsEn, tagsRu } from './messages';
import { TagField } from './TagField';
import { checkTag, type TagError } from './tagModel';
import { allTags, useTagMap, useTagWrites } from './tagsApi';

addTexts(tagsEn, tagsRu);

/**
 * One device's tags: each with its remove button, and a field that adds one (checked by the protocol's tag
 * schema before it is sent). A viewer sees the tags only.
 */
export function TagEditor({ ip }: { ip: string }) {
  const { t } = useTranslation();
  const { toaster } = useServices();
  const toastError = useDeviceErrorToast();
  const canWrite = useCanWrite();
  const map = useTagMap();
  const { set } = useTagWrites();
  const [text, setText] = useState('');
  const [error, setError] = useState<TagError | undefined>();
  const tags = map.data?.[ip] ?? [];
  const save = (next: string[], after?: () => void) =>
    set.mutate(
      { ip, tags: next },
      {
        onSuccess: () => {
          toaster.success({ caption: t('tags.saved') });
          after?.();
        },
        onError: (e) => toastError(t('tags.save.error'), e),
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkTag(text, tags);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    save([...tags, check.tag], () => setText(''));
  };
  return (
    <Stack gap={6} component="section" aria-label={t('tags.label')} data-testid="tag-editor">
      <Text size="sm" fw={500}>
        {t('tags.label')}
      </Text>
      {tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tags.none')}
        </Text>
      ) : (
        <Group gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {tags.map((tag) => (
            <li key={tag}>
              <Badge
                variant="outline"
                color="gray"
                tt="none"
                data-tag={tag}
                rightSection={
                  canWrite ? (
                    <UnstyledButton
                      aria-label={t('tags.remove', { name: tag })}
                      disabled={set.isPending}
                      onClick={() => save(tags.filter((x) => x !== tag))}
                      style={{ display: 'inline-flex' }}
                    >
                      <IconX size={12} aria-hidden />
                    </UnstyledButton>
                  ) : undefined
                }
              >
                {tag}
              </Badge>
            </li>
          ))}
        </Group>
      )}
      {canWrite ? (
        <form onSubmit={submit} noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TagField
              label={t('tags.input')}
              value={text}
              onChange={(value) => {
                setText(value);
                setError(undefined);
              }}
              error={error}
              suggestions={allTags(map.data).filter((x) => !tags.includes(x))}
            />
            <Button
              type="submit"
              variant="light"
              loading={set.isPending}
              leftSection={<IconPlus size={14} aria-hidden />}
              style={{ flexShrink: 0 }}
              mt="calc(var(--st-fz-sm) * 1.55 + 3px)"
            >
              {t('tags.add')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}

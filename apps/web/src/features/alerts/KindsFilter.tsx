import { TIMELINE_KINDS, type TimelineKind } from '@st/protocol';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../ui/floating/Popover';
import { Button } from '../../ui/kit/buttons';
import { Checkbox } from '../../ui/kit/choices';
import { SimpleGrid } from '../../ui/kit/layout';
import { Text } from '../../ui/kit/text';

export interface KindsFilterProps {
  /** The kinds ticked; none means every kind. */
  value: TimelineKind[];
  onChange: (kinds: TimelineKind[]) => void;
}

/**
 * Which kinds of entry the timeline shows: a button naming them that opens the kinds as checkboxes (a
 * Mantine MultiSelect did this before; it brought Combobox, Popover and floating-ui to the device panel).
 */
export function KindsFilter({ value, onChange }: KindsFilterProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const shown =
    value.length === 0
      ? t('timeline.filter.all')
      : value.map((kind) => t(`timeline.kind.${kind}`)).join(', ');
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start">
      <Popover.Target>
        <Button
          variant="default"
          justify="space-between"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          style={{ maxWidth: '100%', alignSelf: 'flex-start' }}
        >
          <Text span size="sm" truncate>
            {t('timeline.filter')}: {shown}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label={t('timeline.filter')}
          value={value}
          onChange={(kinds) => onChange(TIMELINE_KINDS.filter((kind) => kinds.includes(kind)))}
        >
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt="xs">
            {TIMELINE_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={t(`timeline.kind.${kind}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Button
          size="compact-xs"
          variant="subtle"
          mt="sm"
          disabled={value.length === 0}
          onClick={() => onChange([])}
        >
          {t('timeline.filter.clear')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}

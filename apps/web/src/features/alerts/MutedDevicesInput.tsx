import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../ui/kit/buttons';
import { TextInput } from '../../ui/kit/inputs';
import { Group, Stack } from '../../ui/kit/layout';
import { Badge } from '../../ui/kit/status';

export interface MutedDevicesInputProps {
  value: string[];
  onChange: (addresses: string[]) => void;
}

/**
 * The devices that send no alerts: an address typed then Enter (or a comma, or leaving the field) joins the
 * list, each shown with a button that removes it; Backspace in the empty field removes the last. (Mantine's
 * TagsInput did this before; it brought Combobox, Popover and floating-ui to the alerts screen.)
 */
export function MutedDevicesInput({ value, onChange }: MutedDevicesInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const add = () => {
    const address = draft.trim();
    if (address !== '' && !value.includes(address)) onChange([...value, address]);
    setDraft('');
  };
  return (
    <Stack gap={6}>
      <TextInput
        label={t('alerts.muted')}
        placeholder={t('alerts.muted.placeholder')}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={add}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ',') {
            event.preventDefault();
            add();
          } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
            onChange(value.slice(0, -1));
          }
        }}
      />
      {value.length === 0 ? null : (
        <Group
          gap={6}
          component="ul"
          aria-label={t('alerts.muted')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {value.map((address) => (
            <Badge
              key={address}
              component="li"
              variant="light"
              color="gray"
              tt="none"
              size="lg"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('alerts.muted.remove', { address })}
                  onClick={() => onChange(value.filter((a) => a !== address))}
                />
              }
            >
              {address}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

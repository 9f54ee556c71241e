import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitSize } from '../../ui/kit/Box';
import { TextInput } from '../../ui/kit/inputs';
import type { TagError } from './tagModel';

export interface TagFieldProps {
  label: string;
  value: string;
  /** a new value (the shown error is cleared with it) */
  onChange: (value: string) => void;
  error: TagError | undefined;
  size?: KitSize;
  placeholder?: string;
  maw?: number;
  /** tags to offer while typing (the browser's own suggestion list) */
  suggestions?: readonly string[];
}

/** The field a tag is typed in, with the reason the last try was refused. */
export function TagField({
  label,
  value,
  onChange,
  error,
  size,
  placeholder,
  maw,
  suggestions = [],
}: TagFieldProps) {
  const { t } = useTranslation();
  const listId = useId();
  return (
    <>
      <TextInput
        list={listId}
        label={label}
        value={value}
        maxLength={64}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error ? t(`tags.error.${error}`) : undefined}
        {...(size === undefined ? {} : { size })}
        {...(placeholder === undefined ? {} : { placeholder })}
        {...(maw === undefined ? { style: { flex: 1, minWidth: 0 } } : { maw })}
      />
      <datalist id={listId}>
        {suggestions.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
    </>
  );
}

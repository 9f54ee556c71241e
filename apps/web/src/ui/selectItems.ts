/** One choice of a Select: the value it stands for, the text shown, and whether it can be chosen. */
export interface SelectItem {
  value: string;
  label: string;
  disabled?: boolean | undefined;
}

/** What a Select lists, as Mantine's Select takes it: strings (value and text alike) or items. */
export type SelectData = ReadonlyArray<string | SelectItem>;

/** The choices of `data` as items. The value '' is the select's empty first option (no value) and is not listed. */
export function selectItems(data: SelectData): SelectItem[] {
  return data
    .map((entry) => (typeof entry === 'string' ? { value: entry, label: entry } : entry))
    .filter((item) => item.value !== '');
}

/**
 * The `<select>`'s value for a Select's `value`: the empty option ('') for none and for one that is not listed
 * (yet: the list may still be loading), as Mantine's Select shows nothing then. A value the `<select>` does not
 * list would make the browser show its first choice as if it were chosen.
 */
export function shownValue(items: readonly SelectItem[], value: string | null | undefined): string {
  return value != null && items.some((item) => item.value === value) ? value : '';
}

/** What a Select's `onChange` receives for the `<select>`'s new value: null for the empty option. */
export function chosenValue(selected: string): string | null {
  return selected === '' ? null : selected;
}

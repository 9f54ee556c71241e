import { useTranslation } from 'react-i18next';

/** Date and time in the console's language (both catalogs: en, ru). */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (iso: string) => format.format(new Date(iso));
}

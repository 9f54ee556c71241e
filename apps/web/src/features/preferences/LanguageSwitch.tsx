import { STORAGE_KEYS } from '@st/protocol';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/ServicesContext';
import { addTexts, isLocale, type Locale } from '../../i18n';
import { Tooltip } from '../../ui/floating/Tooltip';
import { Button } from '../../ui/kit/buttons';
import { preferencesFirstEn, preferencesFirstRu } from './messages';

addTexts(preferencesFirstEn, preferencesFirstRu);

/** Offers the other language; the choice is stored and applied by reloading the page (spec section 4). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { storage, reload, log } = useServices();
  const current: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const next: Locale = current === 'en' ? 'ru' : 'en';
  const label = t('locale.switch');
  const switchTo = (locale: string) => {
    if (!isLocale(locale)) {
      log.error(`Unknown language: ${locale}`);
      return;
    }
    storage.setItem(STORAGE_KEYS.locale, locale);
    reload();
  };
  return (
    <Tooltip label={label}>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        onClick={() => switchTo(next)}
        aria-label={label}
        lang={next}
      >
        {t('locale.switch.short')}
      </Button>
    </Tooltip>
  );
}

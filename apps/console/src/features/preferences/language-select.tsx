import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n/i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@/lib/i18n/languages';
import { saveStoredLocale } from '@/lib/i18n/locale-order';
import { useLanguageSelectStyles } from './language-select.styles';

/** Picks the interface language; the choice is stored as `defaultLocale` and applies at once (spec §9). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('preferences');
  const styles = useLanguageSelectStyles();
  return (
    <select
      className={styles.root}
      data-testid="language-select"
      aria-label={t('language.label')}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => {
        const language = event.target.value;
        if (!isLanguage(language)) return;
        saveStoredLocale(language);
        void changeLanguage(language);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}

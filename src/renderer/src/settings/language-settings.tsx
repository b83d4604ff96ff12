import { useTranslation } from 'react-i18next'
import { language, systemDefault } from '../i18n/i18n'
import { chooseLanguage, chosenLanguage, languages, type Language } from '../i18n/languages'

const nameOf = (code: Language) => languages.find((entry) => entry.code === code)?.name ?? code

/** /settings/language: this user's interface language (kept on this computer). */
export function LanguageSettings() {
  const { t } = useTranslation(['settings', 'common'])
  const chosen = chosenLanguage()
  return (
    <section aria-labelledby="language-heading">
      <h2 id="language-heading">{t('language.heading')}</h2>
      <p className="section-intro">{t('language.intro')}</p>
      <div className="field">
        <label htmlFor="language-picker">{t('common:language')}</label>
        <select
          id="language-picker"
          value={chosen ?? ''}
          onChange={(event) => chooseLanguage((event.target.value || null) as Language | null)}
        >
          <option value="">
            {t('common:languageSystem', { language: nameOf(systemDefault) })}
          </option>
          {languages.map((entry) => (
            <option key={entry.code} value={entry.code} lang={entry.code}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      <p className="hint">{t('language.current', { language: nameOf(language) })}</p>
    </section>
  )
}

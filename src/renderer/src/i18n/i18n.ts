import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { chosenLanguage, systemLanguage, type Language } from './languages'
import { resources } from './resources'

const systemPreferences: readonly string[] =
  typeof navigator === 'undefined' ? [] : navigator.languages

/** The system's language, as far as Outpost speaks it. */
export const systemDefault: Language = systemLanguage(systemPreferences)

/** The interface's language: the user's choice, else the system's. */
export const language: Language = chosenLanguage() ?? systemDefault

void i18next.use(initReactI18next).init({
  resources,
  lng: language,
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  // Catalogues are bundled, so the first render already has every string.
  initAsync: false,
  // React escapes what it renders; escaping here too would show &amp; on screen.
  interpolation: { escapeValue: false },
  // A key with no string is a bug: say so where tests and developers look.
  saveMissing: true,
  missingKeyHandler: (languages, namespace, key) => {
    console.error(`Missing translation: ${namespace}:${key} (${languages.join(', ')})`)
  },
})

export { i18next }

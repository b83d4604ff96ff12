import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { chosenLanguage, systemLanguage, type Language } from './languages'
import { loadCatalogue } from './resources'

const systemPreferences: readonly string[] =
  typeof navigator === 'undefined' ? [] : navigator.languages

/** The system's language, as far as Outpost speaks it. */
export const systemDefault: Language = systemLanguage(systemPreferences)

/** The interface's language: the user's choice, else the system's. */
export const language: Language = chosenLanguage() ?? systemDefault

// Awaited here, so every module that imports this one finds the strings in place.
const catalogue = await loadCatalogue(language)

void i18next.use(initReactI18next).init({
  resources: { [language]: catalogue },
  lng: language,
  // Each catalogue has every key (catalogues.test.ts): no other language is loaded to fall back on.
  fallbackLng: false,
  defaultNS: 'common',
  ns: Object.keys(catalogue),
  // The catalogue is in memory, so the first render already has every string.
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

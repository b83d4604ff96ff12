import i18next, { type i18n } from 'i18next'
import type { Language } from '../shared/languages'
import en from './locales/en.json'
import ptBR from './locales/pt-BR.json'

/**
 * The words of the tray and the system notifications. The main process has its own i18next
 * instance and catalogue (it cannot import the renderer's); it starts in the system's language
 * and follows the language the user picks once the window reports it.
 */
export const desktopText: i18n = i18next.createInstance()

void desktopText.init({
  resources: { en: { desktop: en }, 'pt-BR': { desktop: ptBR } },
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'desktop',
  initAsync: false,
  interpolation: { escapeValue: false },
})

export const desktopCatalogues = { en, 'pt-BR': ptBR }

export function setDesktopLanguage(language: Language): void {
  void desktopText.changeLanguage(language)
}

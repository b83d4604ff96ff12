import { knownLanguage, type Language } from '../../../shared/languages'

export { languages, systemLanguage, type Language } from '../../../shared/languages'

const storageKey = 'outpost.language'

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage can be refused (a sandboxed frame); the system's language still applies.
    return null
  }
}

/** The language this user picked in Settings, or null to follow the system. */
export function chosenLanguage(): Language | null {
  return knownLanguage(storage()?.getItem(storageKey))
}

/**
 * Keeps the user's choice (null: follow the system) and reloads, so every screen, date and
 * number format is drawn again in the new language.
 */
export function chooseLanguage(language: Language | null): void {
  if (language) storage()?.setItem(storageKey, language)
  else storage()?.removeItem(storageKey)
  location.reload()
}

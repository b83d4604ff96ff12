/** The languages Outpost's interface speaks, each named in itself. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
] as const

export type Language = (typeof languages)[number]['code']

const storageKey = 'outpost.language'

/** The first of the system's preferred languages that Outpost speaks; English otherwise. */
export function systemLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0]
    if (base === 'pt') return 'pt-BR'
    if (base === 'en') return 'en'
  }
  return 'en'
}

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
  const stored = storage()?.getItem(storageKey)
  return languages.find((language) => language.code === stored)?.code ?? null
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

/** The languages Outpost's interface speaks, each named in itself. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
] as const

export type Language = (typeof languages)[number]['code']

/** The code if Outpost speaks that language, else null. */
export function knownLanguage(code: unknown): Language | null {
  return languages.find((language) => language.code === code)?.code ?? null
}

/** The first of the system's preferred languages that Outpost speaks; English otherwise. */
export function systemLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0]
    if (base === 'pt') return 'pt-BR'
    if (base === 'en') return 'en'
  }
  return 'en'
}

import type { Language } from './languages'
import type { catalogue as english } from './locales/en'

/** The English catalogue's shape: every language's has its namespaces. */
type Catalogue = { [Namespace in keyof typeof english]: Record<string, unknown> }

/**
 * One language's catalogue, fetched when the interface starts: the first screen carries only the
 * user's language (about 17 kB of the 250 kB it may load, bench/ W12), and a switch reloads the page.
 */
export const loadCatalogue = (language: Language): Promise<Catalogue> =>
  language === 'pt-BR'
    ? import('./locales/pt-BR').then((module) => module.catalogue)
    : import('./locales/en').then((module) => module.catalogue)

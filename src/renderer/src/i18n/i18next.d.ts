import 'i18next'
import type { resources } from './resources'

// Keys are checked at compile time against the English catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: (typeof resources)['en']
  }
}

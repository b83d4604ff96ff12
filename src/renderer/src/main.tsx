import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// The catalogues load before any screen's module reads a string.
import { language } from './i18n/i18n'
import { App } from './app'
import './styles/base.css'
import './styles/controls.css'

// Screen readers, spell checkers and the browser's own number inputs follow the page's language.
document.documentElement.lang = language
// The desktop app's tray and notifications follow the same choice.
window.outpost?.setLanguage(language)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

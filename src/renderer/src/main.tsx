import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { userLocale } from './format/locale'
import './styles/base.css'
import './styles/controls.css'

// Screen readers, spell checkers and the browser's own number inputs follow the page's language.
document.documentElement.lang = userLocale

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

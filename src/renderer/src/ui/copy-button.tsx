import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Copies `text` and says so for two seconds; the button reads `label` (Copy unless told). */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation('ui')
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      // Clipboard access can be refused (no focus, insecure context); select-and-copy still works.
      const area = document.createElement('textarea')
      area.value = text
      document.body.append(area)
      area.select()
      document.execCommand('copy')
      area.remove()
    }
    setCopied(true)
    setTimeout(() => setCopied(false), 2000)
  }
  return (
    <button type="button" className="button" onClick={() => void copy()} aria-live="polite">
      {copied ? t('copy.copied') : (label ?? t('copy.copy'))}
    </button>
  )
}

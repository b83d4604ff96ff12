import { useEffect, useRef } from 'react'

type Bindings = Record<string, () => void>

// One listener for the whole app: screens register what their keys do, the newest screen first.
const registry: { current: Bindings }[] = []
let prefix: { key: string; at: number } | null = null
const sequenceMs = 1000

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
  if (isTyping(event.target) || document.querySelector('dialog[open]')) return
  const now = Date.now()
  const combo = prefix && now - prefix.at < sequenceMs ? `${prefix.key} ${event.key}` : event.key
  prefix = null
  for (let index = registry.length - 1; index >= 0; index--) {
    const action = registry[index]!.current[combo]
    if (action) {
      event.preventDefault()
      action()
      return
    }
  }
  if (event.key === 'g') prefix = { key: 'g', at: now }
}

/**
 * Keyboard shortcuts while the calling component is mounted: `{ n: newDeal, 'g b': toBoard }`.
 * Keys are ignored while the user types in a field or a dialog is open.
 */
export function useHotkeys(bindings: Bindings): void {
  const ref = useRef(bindings)
  useEffect(() => {
    ref.current = bindings
  })
  useEffect(() => {
    const entry = ref
    if (registry.length === 0) document.addEventListener('keydown', onKeyDown)
    registry.push(entry)
    return () => {
      registry.splice(registry.indexOf(entry), 1)
      if (registry.length === 0) document.removeEventListener('keydown', onKeyDown)
    }
  }, [])
}

/** Every shortcut, as the help dialog and docs/ui.md list them. */
export const shortcutGroups: { title: string; keys: [string, string][] }[] = [
  {
    title: 'Anywhere',
    keys: [
      ['Ctrl K or ⌘K', 'Search and run: people, companies, deals, activities, actions'],
      ['g then b', 'Go to the pipeline board'],
      ['g then d', 'Go to the deals list'],
      ['g then w', 'Go to My work'],
      ['g then f', 'Go to the forecast'],
      ['g then p', 'Go to people'],
      ['g then c', 'Go to companies'],
      ['g then s', 'Go to settings'],
      ['/', 'Search people'],
      ['?', 'Show these shortcuts'],
    ],
  },
  {
    title: 'Pipeline board',
    keys: [
      ['n', 'New deal'],
      ['Tab', 'Move between cards'],
      ['Space', 'Pick up the focused card; Space again drops it'],
      ['← →', 'Carry a picked-up card to the previous or next stage'],
      ['Esc', 'Put a picked-up card back'],
      ['Enter', 'Open the focused deal'],
    ],
  },
  {
    title: 'People',
    keys: [
      ['n', 'New person'],
      ['/', 'Search by name or e-mail'],
      ['[ and ]', 'Previous and next page'],
    ],
  },
  {
    title: 'Deal and person pages',
    keys: [
      ['e', 'Edit'],
      ['Esc', 'Close a dialog'],
    ],
  },
]

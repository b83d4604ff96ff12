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

/**
 * The keys of a shortcut as the help dialog shows them: key caps as they are (`/`, `Esc`), two
 * keys joined by a word (`g then b`, `Ctrl K or ⌘K`), or a key named in words (`Space`).
 */
export type ShortcutKeys =
  string | { join: 'then' | 'or' | 'and'; first: string; second: string } | { named: 'space' }

const then = (first: string, second: string) => ({ join: 'then', first, second }) as const

/** Every shortcut, as the help dialog and docs/ui.md list them; titles and actions are `ui:` keys. */
export const shortcutGroups = [
  {
    title: 'shortcuts.groups.anywhere',
    keys: [
      [{ join: 'or', first: 'Ctrl K', second: '⌘K' }, 'shortcuts.actions.palette'],
      [then('g', 'b'), 'shortcuts.actions.goBoard'],
      [then('g', 'd'), 'shortcuts.actions.goDeals'],
      [then('g', 'w'), 'shortcuts.actions.goMyWork'],
      [then('g', 'f'), 'shortcuts.actions.goForecast'],
      [then('g', 'p'), 'shortcuts.actions.goPeople'],
      [then('g', 'c'), 'shortcuts.actions.goCompanies'],
      [then('g', 's'), 'shortcuts.actions.goSettings'],
      ['/', 'shortcuts.actions.searchPeople'],
      ['?', 'shortcuts.actions.showShortcuts'],
    ],
  },
  {
    title: 'shortcuts.groups.board',
    keys: [
      ['n', 'shortcuts.actions.newDeal'],
      ['Tab', 'shortcuts.actions.moveBetweenCards'],
      [{ named: 'space' }, 'shortcuts.actions.pickUp'],
      ['← →', 'shortcuts.actions.carry'],
      ['Esc', 'shortcuts.actions.putBack'],
      ['Enter', 'shortcuts.actions.openDeal'],
    ],
  },
  {
    title: 'shortcuts.groups.deals',
    keys: [['n', 'shortcuts.actions.newDeal']],
  },
  {
    title: 'shortcuts.groups.people',
    keys: [
      ['n', 'shortcuts.actions.newPerson'],
      ['/', 'shortcuts.actions.searchByNameOrEmail'],
      [{ join: 'and', first: '[', second: ']' }, 'shortcuts.actions.pages'],
    ],
  },
  {
    title: 'shortcuts.groups.companies',
    keys: [['n', 'shortcuts.actions.newCompany']],
  },
  {
    title: 'shortcuts.groups.records',
    keys: [
      ['e', 'shortcuts.actions.edit'],
      ['Esc', 'shortcuts.actions.closeDialog'],
    ],
  },
] as const satisfies readonly {
  title: string
  keys: readonly (readonly [ShortcutKeys, string])[]
}[]

import { useEffect } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

// What was typed in a form that was not saved survives a closed dialog or a reload of the window,
// until it is saved or discarded on purpose.
const prefix = 'outpost.draft.'

export function readDraft<T>(key: string): Partial<T> | null {
  try {
    const text = sessionStorage.getItem(prefix + key)
    return text ? (JSON.parse(text) as Partial<T>) : null
  } catch {
    return null
  }
}

export function clearDraft(key: string): void {
  sessionStorage.removeItem(prefix + key)
}

/** Saves the form's values under `key` whenever the user changes them. */
export function useDraft<T extends FieldValues>(key: string, form: UseFormReturn<T>): void {
  useEffect(() => {
    const subscription = form.watch((values) => {
      sessionStorage.setItem(prefix + key, JSON.stringify(values))
    })
    return () => subscription.unsubscribe()
  }, [form, key])
}

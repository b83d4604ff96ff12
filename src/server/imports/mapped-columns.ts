import type { CompiledValue } from '../intake/mapping'
import { placeholdersOf } from '../intake/template-syntax'

function placeholderSources(value: CompiledValue): string[][] {
  const templates =
    value.kind === 'template' ? [value.template] : value.kind === 'list' ? value.items : []
  return templates.flatMap(placeholdersOf).map((placeholder) => {
    const first = placeholder.steps[0]
    return [placeholder.source, first?.kind === 'key' ? first.key : '']
  })
}

/** Warnings for mapped columns the file does not have: every row would lack them. */
export function mappedColumns(
  mapping: readonly (readonly [string, CompiledValue])[],
  header: readonly string[],
): string[] {
  const columns = new Set(header)
  const warnings: string[] = []
  for (const [target, value] of mapping) {
    for (const [source, firstKey] of placeholderSources(value)) {
      if (!columns.has(source!) && !columns.has(firstKey!)) {
        warnings.push(`Column "${source}" (mapped to ${target}) is not in the file`)
      }
    }
  }
  return warnings
}

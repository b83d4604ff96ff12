/** Tags are trimmed and kept once each, compared without case; the first spelling wins. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of tags) {
    const tag = raw.trim()
    const key = tag.toLowerCase()
    if (tag === '' || seen.has(key)) continue
    seen.add(key)
    out.push(tag)
  }
  return out
}

/** The tags of `after` that `before` did not have (compared without case). */
export function addedTags(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before.map((tag) => tag.toLowerCase()))
  return after.filter((tag) => !had.has(tag.toLowerCase()))
}

/** Rows of (owner id, tag) grouped into a map from owner id to its tags, in row order. */
export function groupTags<K extends string>(
  rows: readonly ({ tag: string } & Record<K, string>)[],
  key: K,
): Map<string, string[]> {
  const groups = new Map<string, string[]>()
  for (const row of rows) {
    const list = groups.get(row[key])
    if (list) list.push(row.tag)
    else groups.set(row[key], [row.tag])
  }
  return groups
}

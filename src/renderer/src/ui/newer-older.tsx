/** Paging through a log, newest first: Newer and Older, shown only when there is more than a page. */
export function NewerOlder({
  label,
  page,
  hasMore,
  onPage,
}: {
  label: string
  page: number
  hasMore: boolean
  onPage(page: number): void
}) {
  if (page <= 1 && !hasMore) return null
  return (
    <nav className="inline-row" aria-label={label}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Newer
      </button>
      <button type="button" className="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </nav>
  )
}

/**
 * Where a sortable column stands, as `aria-sort` says it: the list is sorted by this column
 * (`orders`, its two sorts) descending when the sort starts with "-", ascending otherwise.
 */
export function sortState(
  current: string | undefined,
  orders: readonly [string, string],
): 'ascending' | 'descending' | 'none' {
  if (current === undefined || !orders.includes(current)) return 'none'
  return current.startsWith('-') ? 'descending' : 'ascending'
}

/**
 * A column header's sort button: the first click sorts the column its natural way (`orders[0]`:
 * A to Z, or newest first), the next one the other way. The header cell carries `aria-sort`.
 */
export function SortButton({
  label,
  orders,
  current,
  onSort,
}: {
  label: string
  orders: readonly [string, string]
  current: string | undefined
  onSort(sort: string): void
}) {
  const state = sortState(current, orders)
  const [first, second] = orders
  return (
    <button
      type="button"
      className="sort-button"
      onClick={() => onSort(current === first && first !== second ? second : first)}
    >
      {label}
      <span aria-hidden="true">
        {state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ''}
      </span>
    </button>
  )
}

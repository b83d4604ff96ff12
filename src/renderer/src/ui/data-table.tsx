import type { ReactNode } from 'react'

/**
 * A table of records: its column headings, then `children` (the rows). `actions` names a last
 * column, of buttons, whose heading only screen readers hear.
 */
export function DataTable({
  columns,
  actions,
  className,
  children,
}: {
  columns: readonly string[]
  actions?: string
  className?: string
  children: ReactNode
}) {
  return (
    <table className={className ? `data-table ${className}` : 'data-table'}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">{actions}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

import { userLocale } from '../format/locale'

const count = new Intl.NumberFormat(userLocale)

/** How many records a list holds in all, beside its heading ("People 1,204"). */
export function HeadingCount({ total }: { total: number | undefined }) {
  if (total === undefined) return null
  return <span className="heading-count"> {count.format(total)}</span>
}

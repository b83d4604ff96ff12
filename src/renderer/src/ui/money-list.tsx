import { formatMoneyCompact, formatMoney } from '../format/money'
import './money-list.css'

/** Sums per currency, short ("R$ 12,5 mil"), the exact amount on hover. */
export function MoneyList({ money }: { money: { currency: string; value: number }[] }) {
  if (money.length === 0) return <span>—</span>
  return (
    <span className="money-list">
      {money.map((total) => (
        <span key={total.currency} title={formatMoney(total.value, total.currency)}>
          {formatMoneyCompact(total.value, total.currency)}
        </span>
      ))}
    </span>
  )
}

import type { Board, BoardCard, BoardColumn } from '../api/types'

function totalsOf(deals: readonly BoardCard[], weight = false): BoardColumn['totals'] {
  const sums = new Map<string, number>()
  for (const deal of deals) {
    const value = weight ? (deal.value * deal.probability) / 100 : deal.value
    sums.set(deal.currency, (sums.get(deal.currency) ?? 0) + value)
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, value]) => ({ currency, value }))
}

const sums = (deals: readonly BoardCard[]) => ({
  totals: totalsOf(deals),
  weighted: totalsOf(deals, true),
})

/** The column holding a deal, if any. */
export function findCard(board: Board, dealId: string): BoardCard | undefined {
  for (const column of board.columns) {
    const card = column.deals.find((deal) => deal.id === dealId)
    if (card) return card
  }
  return undefined
}

/**
 * The board as it will look once the server accepts a move: the card leaves its column and goes
 * to the top of the new one (the board lists the most recently updated first), and both columns'
 * counts and sums follow (the weighted ones with the card's probability as it was). The server's
 * answer replaces this a moment later.
 */
export function moveCard(
  board: Board,
  dealId: string,
  toStageId: string,
  changes: Partial<BoardCard> = {},
): Board {
  const card = findCard(board, dealId)
  if (!card || card.stageId === toStageId) return board
  const moved: BoardCard = { ...card, ...changes, stageId: toStageId }
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column.stageId === card.stageId) {
        const deals = column.deals.filter((deal) => deal.id !== dealId)
        return { ...column, deals, count: column.count - 1, ...sums(deals) }
      }
      if (column.stageId === toStageId) {
        const deals = [moved, ...column.deals]
        return { ...column, deals, count: column.count + 1, ...sums(deals) }
      }
      return column
    }),
  }
}

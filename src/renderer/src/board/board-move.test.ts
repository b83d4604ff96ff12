import { describe, expect, it } from 'vitest'
import type { Board, BoardCard } from '../api/types'
import { moveCard } from './board-move'

const card = (id: string, stageId: string, value: number, currency = 'BRL'): BoardCard => ({
  id,
  title: id,
  value,
  currency,
  stageId,
  ownerId: null,
  ownerName: null,
  primaryPersonId: null,
  personName: null,
  primaryCompanyId: null,
  companyName: null,
  expectedCloseDate: null,
  lostReasonId: null,
  closedAt: null,
  probability: 50,
  nextActivity: null,
  rotting: false,
  updatedAt: '2026-11-22T12:00:00.000Z',
})

const board: Board = {
  pipeline: {
    id: 'p',
    tenantId: 't',
    name: 'Sales',
    position: 0,
    stages: [],
    createdAt: '',
    updatedAt: '',
  },
  columns: [
    {
      stageId: 'a',
      count: 2,
      totals: [
        { currency: 'BRL', value: 10 },
        { currency: 'USD', value: 5 },
      ],
      weighted: [
        { currency: 'BRL', value: 5 },
        { currency: 'USD', value: 2.5 },
      ],
      deals: [card('x', 'a', 10), card('y', 'a', 5, 'USD')],
    },
    {
      stageId: 'b',
      count: 1,
      totals: [{ currency: 'BRL', value: 1 }],
      weighted: [{ currency: 'BRL', value: 0.5 }],
      deals: [card('z', 'b', 1)],
    },
  ],
  summary: { open: [], weighted: [], wonThisMonth: [], month: '2026-11' },
}

describe('moveCard', () => {
  it('moves the card to the top of the new column and recomputes both counts and sums', () => {
    const after = moveCard(board, 'y', 'b', { lostReasonId: 'r' })
    expect(after.columns[0]).toMatchObject({
      count: 1,
      totals: [{ currency: 'BRL', value: 10 }],
      weighted: [{ currency: 'BRL', value: 5 }],
    })
    expect(after.columns[1]!.deals.map((deal) => deal.id)).toEqual(['y', 'z'])
    expect(after.columns[1]).toMatchObject({
      count: 2,
      totals: [
        { currency: 'BRL', value: 1 },
        { currency: 'USD', value: 5 },
      ],
    })
    expect(after.columns[1]!.deals[0]).toMatchObject({ stageId: 'b', lostReasonId: 'r' })
  })

  it('leaves the board as it is for a drop on the same column or an unknown deal', () => {
    expect(moveCard(board, 'x', 'a')).toBe(board)
    expect(moveCard(board, 'nope', 'b')).toBe(board)
  })
})

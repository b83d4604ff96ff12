import { describe, expect, it } from 'vitest'
import { ApiError } from '../http/errors'
import { closeStateFor } from './stage-rules'

const now = new Date('2026-11-22T10:00:00.000Z')
const earlier = '2026-11-01T08:00:00.000Z'
const open = { closedAt: null, lostReasonId: null }

function errorCode(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    if (error instanceof ApiError) return error.code
    throw error
  }
  return undefined
}

describe('closeStateFor', () => {
  it('sets closedAt when a deal enters a won stage', () => {
    expect(closeStateFor('open', 'won', open, undefined, now)).toEqual({
      closedAt: now.toISOString(),
      lostReasonId: null,
    })
  })

  it('needs a lost reason to enter a lost stage, and keeps it', () => {
    expect(errorCode(() => closeStateFor('open', 'lost', open, undefined, now))).toBe(
      'lost_reason_required',
    )
    expect(errorCode(() => closeStateFor('open', 'lost', open, null, now))).toBe(
      'lost_reason_required',
    )
    expect(closeStateFor('open', 'lost', open, 'r1', now)).toEqual({
      closedAt: now.toISOString(),
      lostReasonId: 'r1',
    })
  })

  it('keeps the reason and closing time when moving between lost stages, unless a new reason is sent', () => {
    const lost = { closedAt: earlier, lostReasonId: 'r1' }
    expect(closeStateFor('lost', 'lost', lost, undefined, now)).toEqual(lost)
    expect(closeStateFor('lost', 'lost', lost, 'r2', now)).toEqual({
      closedAt: earlier,
      lostReasonId: 'r2',
    })
    expect(errorCode(() => closeStateFor('lost', 'lost', lost, null, now))).toBe(
      'lost_reason_required',
    )
  })

  it('clears closedAt and the lost reason when a deal reopens', () => {
    expect(
      closeStateFor('lost', 'open', { closedAt: earlier, lostReasonId: 'r1' }, undefined, now),
    ).toEqual(open)
    expect(
      closeStateFor('won', 'open', { closedAt: earlier, lostReasonId: null }, undefined, now),
    ).toEqual(open)
  })

  it('restarts closedAt when a won deal becomes lost, and keeps it between won stages', () => {
    expect(
      closeStateFor('won', 'lost', { closedAt: earlier, lostReasonId: null }, 'r1', now).closedAt,
    ).toBe(now.toISOString())
    expect(
      closeStateFor('won', 'won', { closedAt: earlier, lostReasonId: null }, undefined, now)
        .closedAt,
    ).toBe(earlier)
  })

  it('refuses a lost reason for a deal that is not in a lost stage', () => {
    expect(errorCode(() => closeStateFor('open', 'open', open, 'r1', now))).toBe(
      'lost_reason_not_applicable',
    )
    expect(errorCode(() => closeStateFor(null, 'won', open, 'r1', now))).toBe(
      'lost_reason_not_applicable',
    )
  })
})

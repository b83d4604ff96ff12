import { describe, expect, it } from 'vitest'
import { addedTags, groupTags, normalizeTags } from './tags'

describe('normalizeTags', () => {
  it('trims, drops empties and keeps each tag once without regard to case, first spelling first', () => {
    expect(normalizeTags([' VIP ', 'vip', '', 'Newsletter', 'newsletter ', 'b2b'])).toEqual([
      'VIP',
      'Newsletter',
      'b2b',
    ])
  })
})

describe('addedTags', () => {
  it('lists the tags that are new, ignoring case', () => {
    expect(addedTags(['vip', 'b2b'], ['VIP', 'b2b', 'churn-risk'])).toEqual(['churn-risk'])
  })
})

describe('groupTags', () => {
  it('groups rows by owner, keeping row order', () => {
    const groups = groupTags(
      [
        { personId: 'a', tag: 'x' },
        { personId: 'b', tag: 'y' },
        { personId: 'a', tag: 'z' },
      ],
      'personId',
    )
    expect(Object.fromEntries(groups)).toEqual({ a: ['x', 'z'], b: ['y'] })
  })
})

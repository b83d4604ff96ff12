import { describe, expect, it } from 'vitest'
import type { DealListItem } from '../api/types'
import { dealsCsv } from './deals-csv'

describe('dealsCsv', () => {
  it('quotes what needs it, names stages, owners, people and companies, and defuses formulas', () => {
    const deal = {
      id: 'd1',
      title: 'Acme, "big" plan',
      value: 1500.5,
      currency: 'BRL',
      pipelineId: 'p',
      stageId: 's',
      ownerId: 'u',
      expectedCloseDate: null,
      personName: 'Ana Lima',
      companyName: 'Acme',
      tags: ['vip', 'q1'],
      createdAt: '2026-11-25T12:00:00.000Z',
    } as DealListItem
    const formula = {
      ...deal,
      ...{ id: 'd2', title: '=HYPERLINK("x")', ownerId: null, tags: [] },
      ...{ personName: null, companyName: null },
    }
    const csv = dealsCsv([deal, formula], {
      stage: () => 'Proposal',
      pipeline: () => 'Sales',
      user: () => 'Bia',
    })
    expect(csv.split('\r\n')).toEqual([
      'id,title,value,currency,pipeline,stage,owner,person,company,expectedCloseDate,tags,createdAt',
      'd1,"Acme, ""big"" plan",1500.5,BRL,Sales,Proposal,Bia,Ana Lima,Acme,,"vip, q1",2026-11-25T12:00:00.000Z',
      `d2,"'=HYPERLINK(""x"")",1500.5,BRL,Sales,Proposal,,,,,,2026-11-25T12:00:00.000Z`,
      '',
    ])
  })
})

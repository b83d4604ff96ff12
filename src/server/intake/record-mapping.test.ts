import { describe, expect, it } from 'vitest'
import { ApiError } from '../http/errors'
import { parseAmount } from '../../shared/fields/money'
import { compileMapping, mapPayload } from './record-mapping'
import type { MappingValue } from './mapping'

function map(mapping: Record<string, MappingValue>, payload: unknown, country = 'BR' as const) {
  return mapPayload(compileMapping('deal', mapping, country), payload, country)
}

function fieldError(run: () => unknown): { status: number; field: unknown; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof ApiError) {
      return { status: error.status, field: error.details?.field, message: error.message }
    }
    throw error
  }
  throw new Error('expected an ApiError')
}

describe('field coercion', () => {
  it('e-mails are trimmed and lower-cased', () => {
    const { person } = map({ primaryEmail: '{{e}}' }, { e: '  Ana.Souza@ACME.com.BR ' })
    expect(person.primaryEmail).toBe('ana.souza@acme.com.br')
  })

  it('an e-mail that is not one is a 422 naming primaryEmail', () => {
    const error = fieldError(() => map({ primaryEmail: '{{e}}' }, { e: 'not an e-mail' }))
    expect(error).toMatchObject({ status: 422, field: 'primaryEmail' })
  })

  it('phones become E.164, using the default country when the number has no country code', () => {
    expect(map({ primaryPhone: '{{p}}' }, { p: '(11) 98765-4321' }).person.primaryPhone).toBe(
      '+5511987654321',
    )
    expect(map({ primaryPhone: '{{p}}' }, { p: 5511987654321 }).person.primaryPhone).toBe(
      '+5511987654321',
    )
    expect(map({ primaryPhone: '{{p}}' }, { p: '+1 415-555-2671' }).person.primaryPhone).toBe(
      '+14155552671',
    )
    const us = mapPayload(
      compileMapping('person', { primaryPhone: '{{p}}' }, 'US'),
      { p: '(415) 555-2671' },
      'US',
    )
    expect(us.person.primaryPhone).toBe('+14155552671')
  })

  it('a phone that is no phone number is a 422 naming primaryPhone', () => {
    expect(fieldError(() => map({ primaryPhone: '{{p}}' }, { p: 'n/a' }))).toMatchObject({
      status: 422,
      field: 'primaryPhone',
    })
    expect(fieldError(() => map({ primaryPhone: '{{p}}' }, { p: '123' }))).toMatchObject({
      field: 'primaryPhone',
    })
  })

  it('text fields take numbers as text and collapse runs of space', () => {
    expect(map({ fullName: '{{a}}  {{b}}' }, { a: 'Ana', b: 'Souza' }).person.fullName).toBe(
      'Ana Souza',
    )
    expect(map({ fullName: '{{a}} {{b}}' }, { a: 'Ana' }).person.fullName).toBe('Ana')
    expect(map({ leadSource: '{{n}}' }, { n: 42 }).person.leadSource).toBe('42')
    expect(fieldError(() => map({ fullName: '{{o}}' }, { o: { a: 1 } }))).toMatchObject({
      field: 'fullName',
    })
  })

  it('lifecycle stages accept the way people write them', () => {
    expect(
      map({ lifecycleStage: '{{s}}' }, { s: 'Marketing Qualified' }).person.lifecycleStage,
    ).toBe('marketing_qualified')
    expect(fieldError(() => map({ lifecycleStage: '{{s}}' }, { s: 'vip' }))).toMatchObject({
      field: 'lifecycleStage',
    })
  })

  it('tags come from a list or from comma-separated text, trimmed and once each', () => {
    expect(map({ tags: '{{t}}' }, { t: 'site, Contato ,site' }).person.tags).toEqual([
      'site',
      'Contato',
    ])
    expect(map({ tags: ['web', '{{t}}'] }, { t: ['a', 'WEB'] }).person.tags).toEqual(['web', 'a'])
  })

  it('custom fields keep the value type of a lone placeholder', () => {
    const { person } = map(
      { 'customFields.score': '{{s}}', 'customFields.plan': 'Plan {{p}}', 'customFields.ok': true },
      { s: 9, p: 'pro' },
    )
    expect(person.customFields).toEqual({ score: 9, plan: 'Plan pro', ok: true })
  })

  it('deal values parse amounts written with either decimal mark', () => {
    expect(parseAmount('1500')).toBe(1500)
    expect(parseAmount('1500.50')).toBe(1500.5)
    expect(parseAmount('1.500,50')).toBe(1500.5)
    expect(parseAmount('R$ 1,500.50')).toBe(1500.5)
    expect(parseAmount('1.000.000')).toBe(1000000)
    expect(parseAmount('abc')).toBeUndefined()
    expect(map({ value: '{{v}}' }, { v: '2.500,00' }).deal.value).toBe(2500)
    expect(fieldError(() => map({ value: '{{v}}' }, { v: 'lots' }))).toMatchObject({
      field: 'value',
    })
  })

  it('dates take the date part of a date-time', () => {
    expect(map({ expectedCloseDate: '{{d}}' }, { d: '2026-12-01T14:00:00.000000Z' }).deal).toEqual({
      expectedCloseDate: '2026-12-01',
    })
    expect(
      fieldError(() => map({ expectedCloseDate: '{{d}}' }, { d: '2026-13-45' })),
    ).toMatchObject({ field: 'expectedCloseDate' })
  })

  it('currencies are three letters, upper-cased', () => {
    expect(map({ currency: 'usd' }, {}).deal.currency).toBe('USD')
  })

  it('fields without a value are left out of the record', () => {
    expect(map({ fullName: '{{n}}', primaryEmail: '{{e}}' }, { n: 'Ana' }).person).toEqual({
      fullName: 'Ana',
      tags: [],
      customFields: {},
    })
  })
})

describe('checking a mapping when it is saved', () => {
  const problem = (objectType: 'person' | 'deal', mapping: Record<string, MappingValue>) =>
    fieldError(() => compileMapping(objectType, mapping, 'BR'))

  it('refuses a field Outpost does not have', () => {
    expect(problem('person', { nickname: '{{n}}' })).toMatchObject({
      status: 400,
      field: 'mapping.nickname',
    })
  })

  it('refuses deal fields on a person webhook', () => {
    expect(problem('person', { title: '{{t}}' })).toMatchObject({ field: 'mapping.title' })
  })

  it('refuses a malformed template, naming the field', () => {
    const error = problem('person', { fullName: '{{name' })
    expect(error).toMatchObject({ status: 400, field: 'mapping.fullName' })
    expect(error.message).toMatch(/unclosed/)
  })

  it('refuses a list for a field that takes one value, and bad custom field keys', () => {
    expect(problem('person', { fullName: ['a', 'b'] })).toMatchObject({ field: 'mapping.fullName' })
    expect(problem('person', { 'customFields.a b': 'x' })).toMatchObject({
      field: 'mapping.customFields.a b',
    })
  })

  it('refuses a constant that can never be valid for its field', () => {
    expect(problem('person', { lifecycleStage: 'vip' })).toMatchObject({
      status: 400,
      field: 'mapping.lifecycleStage',
    })
    expect(problem('person', { ownerId: 'someone' })).toMatchObject({ field: 'mapping.ownerId' })
  })
})

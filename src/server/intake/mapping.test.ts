import { describe, expect, it } from 'vitest'
import { compileValue, evaluateValue, type MappingValue } from './mapping'
import { MappingSyntaxError } from './template-syntax'

const evaluate = (value: MappingValue, payload: unknown) =>
  evaluateValue(compileValue(value), payload)

describe('mapping language: constants, placeholders and templates', () => {
  it('a constant gives itself, whatever the payload', () => {
    expect(evaluate('website', { source: 'ads' })).toBe('website')
    expect(evaluate(250, {})).toBe(250)
    expect(evaluate(true, {})).toBe(true)
  })

  it('a lone placeholder gives the payload value with its own type', () => {
    expect(evaluate('{{email}}', { email: 'ana@acme.com' })).toBe('ana@acme.com')
    expect(evaluate('{{amount}}', { amount: 1500.5 })).toBe(1500.5)
    expect(evaluate('{{tags}}', { tags: ['a', 'b'] })).toEqual(['a', 'b'])
    expect(evaluate('  {{ email }}  ', { email: 'x@y.com' })).toBe('x@y.com')
  })

  it('a template mixes text and placeholders', () => {
    const payload = { first_name: 'Ana', last_name: 'Souza', score: 7 }
    expect(evaluate('{{first_name}} {{last_name}}', payload)).toBe('Ana Souza')
    expect(evaluate('Lead {{first_name}} scored {{score}}', payload)).toBe('Lead Ana scored 7')
  })

  it('placeholders reach nested fields and array items', () => {
    const payload = { form: { answers: [{ email: 'a@x.com' }, { email: 'b@x.com' }] } }
    expect(evaluate('{{form.answers[0].email}}', payload)).toBe('a@x.com')
    expect(evaluate('{{form.answers[1].email}}', payload)).toBe('b@x.com')
    expect(evaluate('{{form.answers.1.email}}', payload)).toBe('b@x.com')
    expect(evaluate('{{form.answers[-1].email}}', payload)).toBe('b@x.com')
  })

  it('quoted keys reach keys holding dashes, dots, spaces or brackets', () => {
    const payload = { data: { attributes: { 'e-mail': 'c@x.com', 'a.b': 1, 'x]y': 2 } } }
    expect(evaluate('{{data.attributes["e-mail"]}}', payload)).toBe('c@x.com')
    expect(evaluate("{{data.attributes['e-mail']}}", payload)).toBe('c@x.com')
    expect(evaluate('{{data.attributes["a.b"]}}', payload)).toBe(1)
    expect(evaluate('{{data.attributes["x]y"]}}', payload)).toBe(2)
    expect(evaluate('{{["First Name"]}}', { 'First Name': 'Ana' })).toBe('Ana')
  })

  it('a selector picks the first list item whose field reads as the given value', () => {
    const hubspot = {
      fields: [
        { name: 'firstname', value: 'Bia' },
        { name: 'email', value: 'bia@x.com' },
      ],
    }
    expect(evaluate('{{fields[name=email].value}}', hubspot)).toBe('bia@x.com')
    expect(evaluate('{{fields[name="firstname"].value}}', hubspot)).toBe('Bia')
    const typeform = { answers: [{ field: { ref: 'email' }, email: 't@x.com' }] }
    expect(evaluate('{{answers[field.ref="email"].email}}', typeform)).toBe('t@x.com')
    expect(evaluate('{{answers[field.ref=phone].phone_number}}', typeform)).toBeUndefined()
  })

  it('a top-level key is read as is, even with dots or spaces in it', () => {
    expect(evaluate('{{customFields.plan}}', { 'customFields.plan': 'pro' })).toBe('pro')
    // A key with dots on the way: the path's keys joined when no key stands alone (Unbounce's
    // data.json form field, whose text is JSON); a key standing alone is read first.
    const unbounce = { 'data.json': '{"email": ["u@x.com"]}', page: { 'utm.source': 'ads' } }
    expect(evaluate('{{data.json.email[0]}}', unbounce)).toBe('u@x.com')
    expect(evaluate('{{page.utm.source}}', unbounce)).toBe('ads')
    expect(evaluate('{{a.b}}', { a: { b: 1 }, 'a.b': 2 })).toBe(2)
    expect(evaluate('{{a.b.c}}', { a: { b: { c: 1 } }, 'a.b': { c: 2 } })).toBe(1)
    expect(evaluate('{{data.xml.email}}', unbounce)).toBeUndefined()
    expect(evaluate('{{E-mail address}}', { 'E-mail address': 'e@x.com' })).toBe('e@x.com')
  })
})

describe('mapping language: a missing placeholder yields no value, never its text', () => {
  it('a lone placeholder that finds nothing gives no value', () => {
    expect(evaluate('{{email}}', {})).toBeUndefined()
    expect(evaluate('{{form.answers[3].email}}', { form: { answers: [] } })).toBeUndefined()
    expect(evaluate('{{a.b.c}}', { a: 'text' })).toBeUndefined()
  })

  it('a template whose placeholders all find nothing gives no value, not its literal text', () => {
    expect(evaluate('Lead from {{source}}', {})).toBeUndefined()
    expect(evaluate('{{first_name}} {{last_name}}', {})).toBeUndefined()
  })

  it('a template keeps what it found and leaves missing placeholders empty', () => {
    expect(evaluate('{{first_name}} {{last_name}}', { first_name: 'Ana' })).toBe('Ana ')
  })

  it('blank text, null and empty lists count as missing', () => {
    expect(evaluate('{{email}}', { email: '   ' })).toBeUndefined()
    expect(evaluate('{{email}}', { email: null })).toBeUndefined()
    expect(evaluate('{{tags}}', { tags: [] })).toBeUndefined()
  })

  it('paths never reach inherited properties of the payload', () => {
    expect(evaluate('{{constructor}}', {})).toBeUndefined()
    expect(evaluate('{{toString}}', {})).toBeUndefined()
    expect(evaluate('{{__proto__}}', {})).toBeUndefined()
    expect(evaluate('{{a.constructor.name}}', { a: {} })).toBeUndefined()
  })

  it('the text of a missing placeholder never appears in any result', () => {
    const results = ['{{x}}', 'a {{x}} b {{y}}', '{{x.y[0]}}'].map((template) =>
      evaluate(template, { z: 1 }),
    )
    for (const result of results) expect(String(result)).not.toContain('{{')
  })
})

describe('mapping language: lists and bad templates', () => {
  it('a list flattens list values and drops missing items', () => {
    const payload = { source: 'ads', labels: ['hot', 'b2b'] }
    expect(evaluate(['website', '{{source}}', '{{labels}}', '{{missing}}'], payload)).toEqual([
      'website',
      'ads',
      'hot',
      'b2b',
    ])
    expect(evaluate(['{{missing}}'], payload)).toBeUndefined()
  })

  it('objects inside text templates render as JSON; lists as comma-separated text', () => {
    expect(evaluate('tags: {{t}}', { t: ['a', 'b'] })).toBe('tags: a, b')
    expect(evaluate('obj: {{o}}', { o: { k: 1 } })).toBe('obj: {"k":1}')
  })

  it('a malformed template is refused, saying what is wrong', () => {
    expect(() => compileValue('{{email')).toThrow(MappingSyntaxError)
    expect(() => compileValue('{{email')).toThrow(/unclosed \{\{/)
    expect(() => compileValue('{{}}')).toThrow(/empty placeholder/)
    expect(() => compileValue('{{a[0}}')).toThrow(/unclosed \[/)
    expect(() => compileValue('{{a..b}}')).toThrow(/empty key/)
    expect(() => compileValue('{{a["b}}')).toThrow(/unclosed "/)
    expect(() => compileValue('{{a]}}')).toThrow(/unexpected \]/)
    expect(() => compileValue('{{first} {{last}}')).toThrow(/unexpected brace/)
  })
})

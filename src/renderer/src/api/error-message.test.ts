import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18next } from '../i18n/i18n'
import { catalogue as portuguese } from '../i18n/locales/pt-BR'
import { ApiRequestError, errorMessage } from './client'

const conflict = new ApiRequestError(
  409,
  'conflict',
  'A person with primaryEmail ana@acme.com already exists in this workspace',
  { field: 'primaryEmail' },
)

describe('errorMessage', () => {
  // The interface loads its own language only (English here, with no browser): Portuguese too.
  beforeAll(() => {
    for (const [namespace, strings] of Object.entries(portuguese))
      i18next.addResourceBundle('pt-BR', namespace, strings)
  })
  afterEach(() => i18next.changeLanguage('en'))

  it("gives English readers the server's own sentence", async () => {
    await i18next.changeLanguage('en')
    expect(errorMessage(conflict)).toBe(conflict.message)
  })

  it('words the error in Portuguese by its code, naming the field', async () => {
    await i18next.changeLanguage('pt-BR')
    expect(errorMessage(conflict)).toBe('Isto conflita com um registro que já existe: e-mail')
    // A code the catalogue does not word keeps the server's sentence.
    const rare = new ApiRequestError(508, 'loop_detected', 'Loop detected')
    expect(errorMessage(rare)).toBe('Loop detected')
  })

  it('says what stands in the way, and leaves no dangling field', async () => {
    await i18next.changeLanguage('pt-BR')
    const stage = new ApiRequestError(
      409,
      'in_use',
      '11 deal(s) are in this stage; move or delete them first',
      { dealCount: 11, resource: 'stage' },
    )
    expect(errorMessage(stage)).toBe('11 negócios ainda estão aqui: mova-os ou exclua-os primeiro')
    const reason = new ApiRequestError(
      409,
      'in_use',
      '1 deal(s) were lost for this reason; it cannot be deleted',
      { dealCount: 1, resource: 'lostReason' },
    )
    expect(errorMessage(reason)).toBe(
      '1 negócio foi perdido por este motivo: ele fica enquanto o negócio existir',
    )
    const unnamed = new ApiRequestError(409, 'conflict', 'Taken')
    expect(errorMessage(unnamed)).toBe('Isto conflita com um registro que já existe')
    const domain = new ApiRequestError(400, 'invalid_request', 'domain is not a domain', {
      field: 'domain',
    })
    expect(errorMessage(domain)).toBe('Um valor não é válido: domínio')
    // A field the catalogue does not name is given as the API names it.
    const other = new ApiRequestError(400, 'invalid_request', 'x', { field: 'customFields.plan' })
    expect(errorMessage(other)).toBe('Um valor não é válido: customFields.plan')
  })
})

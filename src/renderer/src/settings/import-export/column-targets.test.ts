import { describe, expect, it } from 'vitest'
import { guessedTargets, mappingOf, missingTargets, withTarget } from './column-targets'
import { guessTarget } from './csv-preview'

const guess = (header: string[]) => guessedTargets(header.map((column) => guessTarget(column)))

describe('a name in two columns', () => {
  it('is guessed from the usual exports’ headers and sent as one full-name template', () => {
    // HubSpot's contacts export.
    const header = ['First Name', 'Last Name', 'Email', 'Company Name', 'Contact owner']
    const targets = guess(header)
    expect(targets).toEqual(['firstName', 'lastName', 'primaryEmail', 'company', 'owner'])
    expect(missingTargets('people', targets)).toEqual([])
    expect(mappingOf(header, targets)).toEqual({
      fullName: '{{First Name}} {{Last Name}}',
      primaryEmail: '{{Email}}',
      company: '{{Company Name}}',
      owner: '{{Contact owner}}',
    })
    expect(guess(['Primeiro nome', 'Sobrenome'])).toEqual(['firstName', 'lastName'])
  })

  it('a name column beside a surname and no first name is the first name, unless it holds both', () => {
    const header = ['Nome', 'Sobrenome', 'E-mail'].map((column) => guessTarget(column))
    const targets = guessedTargets(header, [['Ana', 'Souza', 'ana@x.com']])
    expect(targets).toEqual(['firstName', 'lastName', 'primaryEmail'])
    expect(mappingOf(['Nome', 'Sobrenome', 'E-mail'], targets).fullName).toBe(
      '{{Nome}} {{Sobrenome}}',
    )
    // Without rows to read, the same: a surname column is seldom there for nothing.
    expect(guess(['Name', 'Surname'])).toEqual(['firstName', 'lastName'])
    // Names that already end with the surname are whole: it is not said twice.
    const whole = [
      ['Ana Souza', 'Souza'],
      ['', 'Lima'],
      ['Bia Maria Lima', 'lima'],
    ]
    expect(guessedTargets(header.slice(0, 2), whole)).toEqual(['fullName', ''])
  })

  it('gives way to a full-name column, and takes its place when chosen', () => {
    // Google Contacts' export has the whole name beside its parts: the whole name is taken.
    expect(guess(['Name', 'Given Name', 'Family Name'])).toEqual(['fullName', '', ''])
    expect(guess(['Given Name', 'Family Name', 'Name'])).toEqual(['', '', 'fullName'])
    const parts = withTarget(withTarget(['fullName', '', ''], 1, 'firstName'), 2, 'lastName')
    expect(parts).toEqual(['', 'firstName', 'lastName'])
    expect(withTarget(parts, 0, 'fullName')).toEqual(['fullName', '', ''])
  })

  it('a last name alone still names the person; no name at all is missing', () => {
    expect(mappingOf(['Surname', 'Email'], ['lastName', 'primaryEmail'])).toEqual({
      fullName: '{{Surname}}',
      primaryEmail: '{{Email}}',
    })
    expect(missingTargets('people', ['', 'primaryEmail'])).toEqual(['fullName'])
  })
})

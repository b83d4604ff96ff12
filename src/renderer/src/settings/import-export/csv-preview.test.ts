import { describe, expect, it } from 'vitest'
import { columnPlaceholder, guessTarget, parseCsvPreview } from './csv-preview'

describe('parseCsvPreview', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text =
      '\uFEFFName,E-mail,Note\r\n"Souza, Ana",ana@acme.com,"said ""hi""\nthen left"\r\nRui,,x\n'
    expect(parseCsvPreview(text)).toEqual({
      header: ['Name', 'E-mail', 'Note'],
      rows: [
        ['Souza, Ana', 'ana@acme.com', 'said "hi"\nthen left'],
        ['Rui', '', 'x'],
      ],
    })
  })

  it('splits by the delimiter of the header line, as the server does (Excel’s semicolons)', () => {
    const text = 'Nome;E-mail;Valor\r\n"Souza; Ana";ana@acme.com;"1.234,50"\r\n'
    expect(parseCsvPreview(text)).toEqual({
      header: ['Nome', 'E-mail', 'Valor'],
      rows: [['Souza; Ana', 'ana@acme.com', '1.234,50']],
    })
  })

  it('stops after the rows it shows, and skips blank lines', () => {
    const text = ['a', '', '1', '2', '3'].join('\n')
    expect(parseCsvPreview(text, 2)).toEqual({ header: ['a'], rows: [['1'], ['2']] })
  })
})

describe('columnPlaceholder and guessTarget', () => {
  it('quotes headers the placeholder path would split', () => {
    expect(columnPlaceholder('E-mail')).toBe('{{E-mail}}')
    expect(columnPlaceholder('e.mail "work"')).toBe('{{["e.mail \\"work\\""]}}')
  })

  it('guesses the usual columns, in English and Portuguese', () => {
    expect(guessTarget('Nome')).toBe('fullName')
    expect(guessTarget('E-mail')).toBe('primaryEmail')
    expect(guessTarget('Celular')).toBe('primaryPhone')
    expect(guessTarget('Company size')).toBe('')
    expect(guessTarget('Observações')).toBe('note')
    expect(guessTarget('Next step')).toBe('task')
  })
})

// Exported CSV gets opened in spreadsheets, and much of what it holds arrived from the internet
// through inbound webhooks. A cell that starts like a formula (=, @, tab, CR, or + and - followed
// by more than a number) would run as one, so it is written with a leading apostrophe, which
// spreadsheets show as plain text (OWASP's advice on CSV injection). Numbers and phone numbers
// such as +55 11 91234-5678 are left as they are. Values that already start with apostrophes get
// one more, so that reading the file back is exact.
const formulaLike = /^'*(?:[=@\t\r]|[+-](?![\d\s().-]*$))/

/** A text cell as written to CSV. */
export function protectCell(text: string): string {
  return formulaLike.test(text) ? `'${text}` : text
}

/** A CSV cell as read back: the inverse of protectCell. */
export function unprotectCell(text: string): string {
  return text.startsWith("'") && formulaLike.test(text.slice(1)) ? text.slice(1) : text
}

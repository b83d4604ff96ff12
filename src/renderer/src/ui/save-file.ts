/** Hands `blob` to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // Later, not at once: the download may still be reading it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * A CSV for a spreadsheet, as the UI's downloads are: UTF-8 with a byte-order mark, without which
 * Excel reads the file in the system's code page ("JosÃ©" for "José"). The API's and the CLI's
 * CSV, read by scripts, have none; Outpost's import reads either.
 */
export const spreadsheetCsv = (parts: BlobPart[]): Blob =>
  new Blob(['\uFEFF', ...parts], { type: 'text/csv;charset=utf-8' })

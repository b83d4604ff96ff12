const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The page shown for a login link that was already used, has expired or never existed: where
 * Outpost is, and how to get a new link. Plain HTML with no script, styled like the UI's sign-in
 * card, so it works even when the UI bundle is missing.
 */
export function invalidLoginPage(command: string, origin: string): string {
  const url = escapeHtml(origin)
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>Outpost: login link not valid</title>
    <style>
      :root { --bg: #f4f5f7; --surface: #fff; --sunken: #eceef2; --border: #d9dde3; --text: #1b1f24; --accent: #2b59c3; }
      @media (prefers-color-scheme: dark) {
        :root { --bg: #0f1216; --surface: #171b20; --sunken: #0b0e11; --border: #2b323a; --text: #e6e9ed; --accent: #7d9fff; }
      }
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1rem; box-sizing: border-box;
        background: var(--bg); color: var(--text); font: 15px/1.55 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
      main { max-width: 34rem; background: var(--surface); border: 1px solid var(--border); border-radius: 10px; padding: 2rem; }
      h1 { margin-top: 0; font-size: 1.4rem; }
      a { color: var(--accent); }
      pre, code { font: 0.85rem/1.5 ui-monospace, Menlo, Consolas, monospace; }
      pre { white-space: pre-wrap; word-break: break-all; background: var(--sunken); border-radius: 6px; padding: 0.75rem; }
    </style>
  </head>
  <body>
    <main>
      <h1>This login link is not valid</h1>
      <p>
        A login link works once, within a day. If you already opened it in this browser, go on to
        <a href="${url}/">Outpost at ${url}</a>.
      </p>
      <p>For a new link, run this on the machine where Outpost runs, in the folder you started it from, and open the link it prints:</p>
      <pre>${escapeHtml(command)}</pre>
      <p>The server need not be restarted.</p>
    </main>
  </body>
</html>
`
}

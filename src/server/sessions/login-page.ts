/**
 * The page shown for a login link that was already used or never existed. Plain HTML with no
 * script, so it works even when the UI bundle is missing.
 */
export const invalidLoginPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Outpost: login link not valid</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; }
      code { background: rgba(127, 127, 127, 0.15); padding: 0.1rem 0.3rem; border-radius: 4px; }
    </style>
  </head>
  <body>
    <h1>This login link is not valid</h1>
    <p>
      A login link works once. If you already opened it in this browser, go to
      <a href="/">Outpost</a>. Otherwise restart <code>outpost serve</code> and open the new link
      it prints.
    </p>
  </body>
</html>
`

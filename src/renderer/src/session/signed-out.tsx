import './session.css'

/** Shown when the browser has no session: how to get one from the machine running Outpost. */
export function SignedOut() {
  return (
    <main className="signed-out" id="main">
      <div className="signed-out-card">
        <h1>Sign in to Outpost</h1>
        <p>
          For your data&apos;s safety, this page only opens through the login link that{' '}
          <code>outpost serve</code> printed when it started:
        </p>
        <pre>Open the UI (this link works once): http://127.0.0.1:4780/login?token=…</pre>
        <p>
          Each link works once. If you already used it, stop the server and start it again for a new
          one. The desktop app signs you in by itself.
        </p>
      </div>
    </main>
  )
}

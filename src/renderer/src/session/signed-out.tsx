import { loginLinkCommand } from '../../../shared/login-link'
import './session.css'

/** Shown when the browser has no session: how to get one from the machine running Outpost. */
export function SignedOut() {
  const origin = window.location.origin
  return (
    <main className="signed-out" id="main">
      <div className="signed-out-card">
        <h1>Sign in to Outpost</h1>
        <p>
          For your data&apos;s safety, Outpost at <a href={`${origin}/`}>{origin}</a> only opens
          through a one-time login link. <code>outpost serve</code> printed one when it started:
        </p>
        <pre>Open the UI (this link works once): {origin}/login?token=…</pre>
        <p>
          Each link works once, within a day. For a new one, run this on the machine where Outpost
          runs, in the folder you started it from (the server need not restart), and open the link
          it prints:
        </p>
        <pre>{loginLinkCommand}</pre>
        <p>The desktop app signs you in by itself.</p>
      </div>
    </main>
  )
}

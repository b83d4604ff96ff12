/** Placeholder until the UI lands: points people at what already works. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto' }}>
      <h1>Outpost</h1>
      <p>The server is running. The pipeline board and people views are on their way.</p>
      <p>
        Meanwhile, the <a href="/api/docs">API reference</a> lets you try every endpoint.
      </p>
    </main>
  )
}

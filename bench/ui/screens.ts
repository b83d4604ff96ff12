// The UI workloads, in Debian's Chromium against the Outpost server under test: how much
// JavaScript the first screen loads, and how the board of the dataset's one pipeline renders and
// scrolls.
import { gzipSync } from 'node:zlib'
import { chromium, type Response } from 'playwright-core'
import type { WorkloadResult } from '../http/workloads'

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** How long the scripted scroll of a board column runs. */
const scrollMs = 3_000

/**
 * The script that scrolls the fullest column by 40 px a frame for `ms` and counts the frames drawn.
 * Sent as text: a compiled function would carry the bundler's helpers, which the page lacks.
 */
const scrollColumn = (ms: number) => `(async () => {
  const columns = Array.from(document.querySelectorAll('.column-scroll'))
  const column = columns.sort((a, b) => b.scrollHeight - a.scrollHeight)[0]
  let count = 0, longest = 0, last = performance.now()
  const start = last
  await new Promise((done) => {
    requestAnimationFrame(function frame(now) {
      count++
      longest = Math.max(longest, now - last)
      last = now
      column.scrollTop += 40
      if (now - start < ${ms}) requestAnimationFrame(frame)
      else done()
    })
  })
  return { fps: (count * 1000) / (performance.now() - start), longest }
})()`

export async function uiWorkloads(loginUrl: string, deals: number): Promise<WorkloadResult[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const scripts: Response[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response)
    })
    const began = performance.now()
    await page.goto(loginUrl)
    await page.waitForURL(/\/board\//)
    await page.locator('.card-slot').first().waitFor({ timeout: 120_000 })
    const shownMs = performance.now() - began
    // Whatever the first screen fetches lazily comes in this second too.
    await page.waitForTimeout(1_000)
    let gzipped = 0
    for (const script of scripts) gzipped += gzipSync(await script.body()).length
    const kB = gzipped / 1000

    // Frames drawn while the fullest column scrolls by 40 px a frame, counted in the page.
    const frames = (await page.evaluate(scrollColumn(scrollMs))) as { fps: number; longest: number }

    return [
      {
        id: 'W12',
        name: `First screen (the board): JavaScript loaded, gzipped; board shown in ${Math.round(shownMs)} ms`,
        value: Math.round(kB),
        unit: 'kB',
        floor: 250,
        ratio: 250 / kB,
        target: 1,
      },
      {
        id: 'W13',
        name: `Board of ${deals.toLocaleString('en')} deals scrolling, frames a second (longest frame ${Math.round(frames.longest)} ms)`,
        value: Math.round(frames.fps),
        unit: 'fps',
        floor: 60,
        ratio: frames.fps / 60,
        target: 0.95,
      },
    ]
  } finally {
    await browser.close()
  }
}

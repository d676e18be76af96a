import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { verifyRecording, verifyReport } from '../../src/tools/verify/recording/index.ts'
import { journalRecording } from '../recording/journal-recording.ts'
import { tempDir } from '../support/index.ts'
import { launchChromium, screenshotDir } from './chromium.ts'

// Issue 31: `restapi-mock verify --report` writes one self-contained page; it opens in
// Chromium with no request but its own, lists every exchange, and shows each difference with
// the recorded answer beside the mock's.

describe('the verify report in Chromium', () => {
  it('opens as one page, with the differences side by side', async () => {
    const { har, mock } = await journalRecording()
    // One answer edited as a CMS of another version would write it: a field renamed, a date form.
    const entry = har.log.entries.findIndex(
      (e) =>
        e.response.status === 200 && /"\\\/Date\(\d+\)\\\/"/.test(e.response.content.text ?? ''),
    )
    const content = har.log.entries[entry]?.response.content as { text: string }
    const first = Object.keys(JSON.parse(content.text) as object)[0] as string
    content.text = content.text
      .replace(`"${first}":`, `"${first}Renamed":`)
      .replace(/(\\\/Date\(\d+)(\)\\\/)/, '$1+0100$2')
    const verification = await verifyRecording(har, { operations: mock.operations })
    const file = join(tempDir(), 'report.html')
    writeFileSync(file, verifyReport(verification, 'cms.har'))

    const browser = await launchChromium()
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
      const errors: string[] = []
      const requests: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('request', (request) => requests.push(request.url()))
      await page.goto(pathToFileURL(file).href)
      expect(await page.title()).toBe('restapi-mock verify: cms.har')
      expect(await page.locator('tbody').first().locator('tr').count()).toBe(har.log.entries.length)
      const section = page.locator(`#entry-${entry}`)
      const fields = await section
        .locator('table')
        .first()
        .locator('tbody td:nth-child(2)')
        .allTextContents()
      expect(fields).toContain(`${first}Renamed`)
      expect(fields.some((field) => /\.?\w+$/.test(field) && field !== `${first}Renamed`)).toBe(
        true,
      )
      // The recorded answer beside the mock's, the lines that differ marked on each side.
      expect(await section.locator('table.pair td.gone').count()).toBeGreaterThan(0)
      expect(await section.locator('table.pair td.new').count()).toBeGreaterThan(0)
      await page.locator(`a[href="#entry-${entry}"]`).click()
      await section.scrollIntoViewIfNeeded()
      const shot = join(screenshotDir, 'verify-report.png')
      await page.screenshot({ path: shot, fullPage: false })
      mkdirSync('/tmp/shots', { recursive: true })
      copyFileSync(shot, '/tmp/shots/verify-report.png')
      expect(errors).toEqual([])
      expect(requests).toEqual([pathToFileURL(file).href])
    } finally {
      await browser.close()
    }
  })
})

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, createStore, type RunningServer } from '../../src/index.ts'
import { commentKey } from '../support/index.ts'
import { launchChromium, screenshotDir } from './chromium.ts'

// Issue 39, P3: the HTML format page as ServiceStack 5's HtmlFormat writes it, in Chromium: the
// embedded `var model = …` is drawn by the page's own script, and nothing stored runs.

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await createServer({ port: 0, log: false, store: createStore({ seed: 1 }) })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const hostile = {
  Message:
    '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><!-- a\u2028b',
  Name: 'http://example.test/" onmouseover="window.__pwned=3" x="',
  Email: '&lt;img src=x onerror=window.__pwned=4&gt;',
  CustomData: '<b>bold</b> & "quoted"',
}

describe('the HTML format page in Chromium', () => {
  it('draws the model as text, and runs nothing it holds', async () => {
    const key = commentKey(server.mock.store)
    const path = `${server.url}/RestApi/comments-api/comments`
    const put = (accept: string) =>
      fetch(path, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: accept },
        body: JSON.stringify({ Key: key, ...hostile }),
      })
    expect((await put('application/json')).status).toBe(200)
    const html = await (await put('text/html')).text()

    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } })
    const errors: string[] = []
    const dialogs: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    // Served from the mock's own origin, as a browser would get it.
    await page.route(`${server.url}/page`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: html }),
    )
    await page.goto(`${server.url}/page`)
    await page.hover('#content')
    for (const link of await page.locator('#content a').all()) await link.hover()
    await page.screenshot({ path: `${screenshotDir}html-format-page.png`, fullPage: true })

    expect(errors).toEqual([])
    expect(dialogs).toEqual([])
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(await page.locator('#content img, #content script, #content b').count()).toBe(0)
    const content = (await page.locator('#content').textContent()) ?? ''
    // Each value shown as the host's innerHTML shows it: entities decoded, markup as text.
    expect(content).toContain('</script><script>window.__pwned=1</script><img src=x')
    expect(content).toContain('<img src=x onerror=window.__pwned=4>')
    expect(content).toContain('<b>bold</b> & "quoted"')
    expect(content).toContain('Date Created')
    // The one link drawn from data is an http URL, in `href` alone.
    const hrefs = await page
      .locator('#content a')
      .evaluateAll((links) =>
        links.map((link) => [link.getAttribute('href'), link.getAttributeNames().join(' ')]),
      )
    expect(hrefs).toEqual([['http://example.test/" onmouseover="window.__pwned=3" x="', 'href']])
    // The template's header and its links, in its order.
    expect(await page.title()).toMatch(/^CommentUpdateRequest Snapshot of \d+\/\d+\/\d{4} /)
    const formats = await page.locator('#lnks a').allTextContents()
    expect(formats.slice(-4)).toEqual(['json', 'xml', 'csv', 'jsv'])
    await page.click('#show-json-link')
    const json = JSON.parse(await page.locator('textarea').inputValue()) as Record<string, string>
    expect(json.Message).toBe(hostile.Message)
    await page.close()
  })
})

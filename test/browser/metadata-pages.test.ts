import type { Browser, Page } from 'playwright-core'
import { parse as parseCsv } from 'csv-parse/sync'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, createStore, type RunningServer } from '../../src/index.ts'
import { readJsv } from '../../src/wire/formats/jsv-read.ts'
import { defaultLimits } from '../../src/wire/index.ts'
import { operations } from '../../handlers/index.ts'
import { launchChromium, screenshotDir } from './chromium.ts'

// Issue 17: the metadata pages in Chromium: they render, every link on them answers, and each
// operation's sample request and answer are valid in the page's format.

let server: RunningServer
let browser: Browser
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  server = await createServer({ port: 0, log: false, store: createStore({ seed: 1 }) })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  page.on('pageerror', (error) => pageErrors.push(error.message))
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A sample `<pre>`: the HTTP head, a blank line, then the body. */
async function sample(id: string): Promise<{ head: string; body: string }> {
  return headAndBody((await page.locator(`#${id}`).textContent()) ?? '')
}

function headAndBody(text: string): { head: string; body: string } {
  const blank = text.indexOf('\n\n')
  expect(blank).toBeGreaterThan(0)
  return { head: text.slice(0, blank), body: text.slice(blank + 2) }
}

/** Asserts a body parses in its format and names the field a sample always carries. */
function expectValid(format: string, body: string, field: string): void {
  switch (format) {
    case 'json':
      expect(Object.keys(JSON.parse(body))).toContain(field)
      break
    case 'xml':
      expect(XMLValidator.validate(body)).toBe(true)
      expect(JSON.stringify(new XMLParser().parse(body))).toContain(`"${field}"`)
      break
    case 'csv':
      expect(Object.keys(parseCsv(body, { columns: true })[0] ?? {})).toContain(field)
      break
    default:
      // JSV has no parser but ServiceStack's and the mock's own.
      expect(Object.keys(readJsv(body, defaultLimits) as object)).toContain(field)
  }
}

describe('the metadata pages', () => {
  it('lists the operations, every link of the index answers, and each page has valid samples', async () => {
    const index = await page.goto(`${server.url}/RestApi/metadata`)
    expect(index?.status()).toBe(200)
    expect(await page.locator('#operations th').allTextContents()).toEqual(
      operations.map((operation) => operation.requestDto.name),
    )
    await page.screenshot({ path: `${screenshotDir}/metadata-index.png`, fullPage: true })
    const links = await page
      .locator('a')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href))
    // A link per operation and page format, and the four to the types pages.
    expect(links.length).toBe(operations.length * 4 + 4)
    for (const link of links) {
      const answer = await fetch(link)
      expect(answer.status, link).toBe(200)
    }

    // Each sample names a field its operation's example sets (the server's store is seed 1 too).
    const store = createStore({ seed: 1 })
    const setField = (value: object): string =>
      Object.entries(value).find(([, member]) => member !== null && member !== '')?.[0] ?? ''
    const fieldsOf = new Map(
      operations.map((operation) => {
        const { request, response } = operation.example.sample(store)
        return [operation.requestDto.name, [setField(request), setField(response)]] as const
      }),
    )
    for (const link of links.filter((href) => href.includes('?op='))) {
      const opened = await page.goto(link)
      expect(opened?.status()).toBe(200)
      const url = new URL(link)
      const format = url.pathname.split('/').at(-2) as string
      const name = url.searchParams.get('op') as string
      expect(await page.locator('h1').textContent()).toBe(name)
      expect(await page.locator('#routes td').first().textContent()).toMatch(/^\//)
      const request = await sample('request-sample')
      // The operation's route (SS Metadata/OperationControl.cs l.38–51, 116–122; issue 30, N16).
      const operation = operations.find((each) => each.requestDto.name === name)
      expect(request.head.split('\n')[0]).toBe(
        `${operation?.method} /RestApi${operation?.route} HTTP/1.1 `,
      )
      const [requestField, responseField] = fieldsOf.get(name) ?? []
      expectValid(format, request.body, requestField as string)
      // No answer for a service that returns object (BaseMetadataHandler.cs l.64–70).
      const responses = await page.locator('#response-sample').allTextContents()
      expect(responses.length).toBe(operation?.returnsObject ? 0 : 1)
      for (const response of responses.map(headAndBody)) {
        expect(response.head.startsWith('HTTP/1.1 200 OK')).toBe(true)
        expectValid(format, response.body, responseField as string)
      }
      for (const href of await page
        .locator('a')
        .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))) {
        expect((await fetch(href)).status, href).toBe(200)
      }
    }
    await page.goto(`${server.url}/RestApi/xml/metadata?op=CommentUpdateRequest`)
    await page.screenshot({ path: `${screenshotDir}/metadata-operation.png`, fullPage: true })
    expect(pageErrors).toEqual([])
  })
})

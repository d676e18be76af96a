import { STATUS_CODES } from 'node:http'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExample } from './build-examples.ts'
import { launchChromium } from './chromium.ts'
import {
  parityMatrix,
  type Expected,
  type ParityAnswer,
  type ParityRequest,
} from './parity-matrix.ts'
import {
  runThroughApp,
  runThroughHandlers,
  runThroughServer,
  type RuntimeRun,
} from './parity-runtimes.ts'
import { serveFolder, type StaticServer } from './static-server.ts'

// One request matrix through every path the mock is served by: msw's getResponse, the Hono
// app, the HTTP server and the service worker in Chromium. Status, Content-Type,
// Content-Disposition and body bytes must be identical, request by request.

let site: StaticServer
let browser: Browser
const runs: RuntimeRun[] = []
const pageErrors: string[] = []
/** API answers Chromium says the service worker gave, as `METHOD /path`. */
const fromServiceWorker: string[] = []

/** (d) The service worker: the parity page built and served, the matrix sent from the page. */
async function runInChromium(matrix: readonly ParityRequest[]): Promise<RuntimeRun> {
  const page = await browser.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('response', (response) => {
    const url = new URL(response.url())
    // The worker script and the page's own chunks (the mock loads some on first use, such as
    // the CSV and XML readers) are not API answers.
    if (
      response.fromServiceWorker() &&
      url.pathname !== '/mockServiceWorker.js' &&
      !url.pathname.startsWith('/assets/')
    )
      fromServiceWorker.push(`${response.request().method()} ${url.pathname}${url.search}`)
  })
  await page.goto(`${site.url}/`)
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 })
  const answers = await page.evaluate(async (requests) => {
    const run = window.runMatrix
    if (!run) throw new Error('Failed to run the matrix: the page has no runMatrix')
    return run(requests)
  }, matrix)
  await page.close()
  return { runtime: 'service worker', answers }
}

beforeAll(async () => {
  const dist = await buildExample('parity')
  site = await serveFolder(dist)
  browser = await launchChromium()
  // One after another: each runtime starts from a fresh mock and walks the whole sequence.
  runs.push(await runThroughHandlers(parityMatrix))
  runs.push(await runThroughApp(parityMatrix))
  runs.push(await runThroughServer(parityMatrix))
  runs.push(await runInChromium(parityMatrix))
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

const contentTypes: Readonly<Record<string, string>> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml',
  jsv: 'application/jsv',
  csv: 'text/csv',
  html: 'text/html',
  text: 'text/plain',
  jsonp: 'text/javascript',
}

function parseExpected(expected: Expected): { status: number; contentType: string } {
  const [status = '', format = ''] = expected.split(' ')
  return { status: Number(status), contentType: contentTypes[format] ?? format }
}

/**
 * The status line and headers compared. The reason phrase is compared as a client over HTTP
 * reads it: an empty `statusText` in process is the standard phrase on the wire (Node fills it
 * in), while a service error's own phrase (`400 ArgumentException`) must match everywhere.
 */
function head(answer: ParityAnswer): Record<string, unknown> {
  return {
    status: answer.status,
    reason: answer.statusText || (STATUS_CODES[answer.status] ?? ''),
    contentType: answer.contentType,
    contentDisposition: answer.contentDisposition,
  }
}

/**
 * An answer's bytes as compared: the HTML page links the request's absolute URL, as
 * ServiceStack's HtmlFormat does (issue 39), so its origin, each runtime's own, is left out.
 */
function comparable(answer: ParityAnswer): Buffer {
  const bytes = Buffer.from(answer.bytes, 'base64')
  if (!(answer.contentType ?? '').startsWith('text/html')) return bytes
  return Buffer.from(bytes.toString('utf8').replace(/https?:\/\/[^/"<>\s]+(?=\/)/g, 'ORIGIN'))
}

/** Where two bodies first differ, with some bytes of context on each side. */
function firstDifference(a: ParityAnswer, b: ParityAnswer, names: [string, string]): string {
  const left = comparable(a)
  const right = comparable(b)
  let at = 0
  while (at < left.length && at < right.length && left[at] === right[at]) at++
  if (at === left.length && at === right.length) return 'the bodies are identical'
  const around = (bytes: Buffer): string =>
    JSON.stringify(bytes.subarray(Math.max(0, at - 40), at + 40).toString('utf8'))
  return (
    `the bodies differ from byte ${at} (lengths ${left.length} and ${right.length}): ` +
    `${names[0]} has ${around(left)}, ${names[1]} has ${around(right)}`
  )
}

function answerOf(run: RuntimeRun, index: number): ParityAnswer {
  const answer = run.answers[index]
  if (!answer) throw new Error(`Failed to find answer ${index} of ${run.runtime}`)
  return answer
}

describe('parity of getResponse, app.request, the HTTP server and the service worker', () => {
  it('sends the whole matrix through all four runtimes', () => {
    expect(runs.map((run) => run.runtime)).toEqual([
      'msw getResponse',
      'Hono app.request',
      'HTTP server',
      'service worker',
    ])
    for (const run of runs) expect(run.answers, run.runtime).toHaveLength(parityMatrix.length)
    expect(pageErrors).toEqual([])
  })

  it('has the service worker answer every request in Chromium, never the static server', () => {
    const sent = parityMatrix.map((request) => {
      const url = new URL(request.path, site.url)
      return `${request.method} ${url.pathname}${url.search}`
    })
    expect(fromServiceWorker).toEqual(sent)
    expect(site.requests.filter((line) => /\s\/(restapi|__mock)\b/i.test(line))).toEqual([])
    expect(site.requests).toContain('GET /mockServiceWorker.js')
  })

  it("has Chromium's DOMParser read every XML answer as a document (issue 18)", async () => {
    const [reference] = runs
    const xml = (reference?.answers ?? [])
      .filter((answer) => (answer.contentType ?? '').startsWith('application/xml'))
      .map((answer) => Buffer.from(answer.bytes, 'base64').toString('utf8'))
    expect(xml.length).toBeGreaterThan(3)
    const page = await browser.newPage()
    const errors = await page.evaluate(
      (documents) =>
        documents
          .map((text) => new DOMParser().parseFromString(text, 'application/xml'))
          .map((doc) => doc.getElementsByTagName('parsererror')[0]?.textContent ?? null),
      xml,
    )
    await page.close()
    expect(errors).toEqual(xml.map(() => null))
  })

  it.each(parityMatrix.map((request, index) => [index, request.name, request] as const))(
    '#%i %s: the same status, headers and bytes everywhere',
    (index, _name, request) => {
      const [reference, ...others] = runs
      if (!reference) throw new Error('Failed to compare: no runs')
      const expected = answerOf(reference, index)
      // The matrix means what it says: each request gets the answer it was written for.
      expect({ status: expected.status, contentType: expected.contentType }).toEqual(
        parseExpected(request.expected),
      )
      for (const run of others) {
        const actual = answerOf(run, index)
        const where: string = `${request.method} ${request.path}: ${run.runtime} vs ${reference.runtime}`
        expect(head(actual), `${where}: status and headers`).toEqual(head(expected))
        expect(
          firstDifference(actual, expected, [run.runtime, reference.runtime]),
          `${where}: the bytes`,
        ).toBe('the bodies are identical')
      }
    },
  )
})

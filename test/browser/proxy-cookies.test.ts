import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, createStore, type RunningServer } from '../../src/index.ts'
import { startEchoUpstream, type EchoUpstream } from '../support/echo-upstream.ts'
import { launchChromium } from './chromium.ts'

// Issue 26, point 6, in a real browser: a page of the real host, loaded through `--proxy` on
// plain HTTP, sets the six kinds of cookie a CMS sends. Chromium must store every one of them:
// `__Host-`, `__Secure-` and `Partitioned` ones need `Secure`, which it accepts from a loopback
// host; the others work without it.

const upstreamCookies = [
  'a=1; Path=/',
  '__Host-sid=2; Path=/; Secure; HttpOnly',
  '__Secure-t=3; Domain=cms.example.com; Path=/; Secure; SameSite=None',
  'p=4; Path=/; Secure; SameSite=None; Partitioned',
  'q=5; Domain=cms.example.com; Path=/; Secure; HttpOnly; SameSite=None',
  'r=6; Path=/; Secure; SameSite=Strict',
]

let cms: EchoUpstream
let mock: RunningServer
let browser: Browser

beforeAll(async () => {
  cms = await startEchoUpstream((request, response) => {
    if (!request.url.startsWith('/login')) return false
    response.setHeader('Set-Cookie', upstreamCookies)
    response.writeHead(200, { 'Content-Type': 'text/html' })
    response.end('<!doctype html><title>Signed in</title><p>Signed in</p>')
    return true
  })
  mock = await createServer({
    port: 0,
    log: false,
    store: createStore({ seed: 1 }),
    proxy: { url: cms.url, timeoutMs: 10_000, insecure: false },
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await mock?.close()
  await cms?.close()
})

describe('cookies of the real host through --proxy, in Chromium', () => {
  it.each(['localhost', '127.0.0.1'])(
    'stores all six on http://%s, the prefixed and partitioned ones still Secure',
    async (hostName) => {
      const context = await browser.newContext()
      try {
        const page = await context.newPage()
        const origin = `http://${hostName}:${new URL(mock.url).port}`
        const answer = await page.goto(`${origin}/login`)
        expect(answer?.status()).toBe(200)
        const stored = await context.cookies(origin)
        const byName = Object.fromEntries(stored.map((cookie) => [cookie.name, cookie]))
        expect(Object.keys(byName).sort()).toEqual(['__Host-sid', '__Secure-t', 'a', 'p', 'q', 'r'])
        for (const name of ['__Host-sid', '__Secure-t', 'p'])
          expect(byName[name]).toMatchObject({ secure: true, domain: hostName })
        expect(byName.p?.sameSite).toBe('None')
        expect(byName.q).toMatchObject({ secure: false, sameSite: 'Lax', httpOnly: true })
        // The page sends them back on its next request, and the real host gets them all.
        await page.goto(`${origin}/again`)
        const cookie = cms.received.at(-1)?.headers.cookie ?? ''
        expect(
          cookie
            .split('; ')
            .map((pair) => pair.split('=')[0])
            .sort(),
        ).toEqual(['__Host-sid', '__Secure-t', 'a', 'p', 'q', 'r'])
      } finally {
        await context.close()
      }
    },
  )
})

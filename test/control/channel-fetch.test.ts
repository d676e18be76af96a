import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerControlChannel } from '../../src/browser/control-channel.ts'
import { createChannelFetch } from '../../src/tools/dashboard/channel-fetch.ts'
import { loginCookie } from '../../src/wire/index.ts'

// The page's home: the dashboard asks the app's tabs over a BroadcastChannel (issue 36). Two
// "tabs" here are two responders on one channel name; Node's BroadcastChannel is the browser's.

const stops: (() => void)[] = []
let name = ''

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.unstubAllGlobals()
})

function tab(label: string, seen: string[]): void {
  stops.push(
    answerControlChannel({
      name,
      answer: async (request) => {
        seen.push(`${label} ${request.method} ${new URL(request.url).pathname}`)
        return new Response(JSON.stringify({ tab: label }), { status: 200 })
      },
    }),
  )
}

/** The page's globals a tab's responder reads: the dashboard's location, no-op listeners. */
function inPage(): void {
  vi.stubGlobal('location', new URL('http://localhost:5173/__mock'))
  vi.stubGlobal('addEventListener', () => undefined)
  vi.stubGlobal('removeEventListener', () => undefined)
}

function dashboard(hosts: string[] = []) {
  const fetcher = createChannelFetch(
    name,
    async () => new Response('{"tab":"local"}', { status: 200 }),
    (host) => hosts.push(host),
  )
  return fetcher
}

describe('the dashboard’s channel to the app’s tabs', () => {
  it('sends a write to one tab only, and the next calls to the same tab', async () => {
    inPage()
    name = `test-${crypto.randomUUID()}`
    const seen: string[] = []
    tab('a', seen)
    tab('b', seen)
    const fetcher = dashboard()
    const written = await fetcher('/__mock/faults', { method: 'POST', body: '{"status":503}' })
    expect(written.status).toBe(200)
    const posts = seen.filter((line) => line.includes('POST'))
    expect(posts).toHaveLength(1)
    const answered = ((await written.json()) as { tab: string }).tab
    await fetcher('/__mock/state', { method: 'GET' })
    expect(seen.at(-1)).toBe(`${answered} GET /__mock/state`)
  })

  it('answers from `local` when no tab runs the mock, and says so', async () => {
    vi.stubGlobal('location', new URL('http://localhost:5173/__mock'))
    name = `test-${crypto.randomUUID()}`
    const hosts: string[] = []
    const answer = await dashboard(hosts)('/__mock/settings', { method: 'GET' })
    expect(await answer.text()).toBe('{"tab":"local"}')
    expect(hosts).toEqual(['local'])
  })

  it('takes only control paths: the channel is no way around the page’s fetch', async () => {
    inPage()
    name = `test-${crypto.randomUUID()}`
    const seen: string[] = []
    tab('a', seen)
    const answer = await dashboard()('/RestApi/comments-api/comments', { method: 'GET' })
    expect(await answer.text()).toBe('{"tab":"local"}')
    expect(seen).toEqual([])
  })
})

describe('a login from the page’s dashboard', () => {
  it('gives the origin the login cookie (its Set-Cookie cannot cross the channel), and a logout expires it', async () => {
    inPage()
    const cookies: string[] = []
    vi.stubGlobal('document', {
      set cookie(value: string) {
        cookies.push(value)
      },
    })
    name = `test-${crypto.randomUUID()}`
    stops.push(
      answerControlChannel({
        name,
        answer: async () => new Response('{"Token":"t0k3n","LoggedIn":true}', { status: 200 }),
      }),
    )
    const fetcher = dashboard()
    await fetcher('/__mock/login', { method: 'POST', body: '{}' })
    await fetcher('/__mock/login', { method: 'DELETE', body: '{}' })
    expect(cookies).toEqual([
      `${loginCookie}=t0k3n; Path=/; SameSite=Lax`,
      `${loginCookie}=; Path=/; Max-Age=0; SameSite=Lax`,
    ])
  })
})

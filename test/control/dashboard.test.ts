import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { dashboardHtml } from '../../src/control/dashboard.ts'
import { dashboardScript } from '../../src/control/dashboard-script.ts'
import { createApp, createStore } from '../../src/index.ts'
import { createHandlers } from '../../handlers/index.ts'

async function pageThroughApp(basePath?: string): Promise<Response> {
  const app = createApp({ store: createStore({ seed: 1 }), ...(basePath ? { basePath } : {}) })
  return app.request('/__mock')
}

async function pageThroughMsw(): Promise<Response> {
  const handlers = createHandlers({ store: createStore({ seed: 1 }) })
  const response = await getResponse(handlers, new Request('http://localhost/__mock'))
  if (!response) throw new Error('Failed to get the dashboard: no msw handler answered')
  return response
}

const html = dashboardHtml({ basePath: '/RestApi' })

describe('GET /__mock: the dashboard page', () => {
  it.each([
    ['the Hono app', pageThroughApp],
    ['the msw handlers', pageThroughMsw],
  ])('answers 200 text/html with the dashboard through %s', async (_, load) => {
    const response = await load()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const body = await response.text()
    expect(body).toBe(html)
    expect(body.startsWith('<!doctype html>')).toBe(true)
    expect(body).toContain('<title>restapi-mock dashboard</title>')
  })

  it.each([
    ['the Hono app', pageThroughApp],
    ['the msw handlers', pageThroughMsw],
  ])('forbids framing by another site through %s', async (_, load) => {
    const response = await load()
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy.split('; ')).toContain("frame-ancestors 'none'")
    // The header repeats the page's own policy, so neither loosens the other.
    const meta = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1]
    expect(meta).toBeDefined()
    expect(policy).toBe(`${meta}; frame-ancestors 'none'`)
  })

  it('also answers on the trailing-slash form /__mock/', async () => {
    const app = createApp({ store: createStore({ seed: 1 }) })
    const response = await app.request('/__mock/')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(html)
  })
})

describe('dashboardHtml: a self-contained page', () => {
  it('loads no external script, style, font or image', () => {
    expect(html).not.toMatch(/\bsrc\s*=/i)
    expect(html).not.toMatch(/<link\b/i)
    expect(html).not.toMatch(/<(img|iframe|object|embed)\b/i)
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1]
    expect(style).toContain('font:')
    expect(style).not.toMatch(/@import|@font-face|url\(/i)
    expect(html).not.toMatch(/https?:\/\//i)
    expect(html).not.toMatch(/(^|[^:])\/\/[a-z0-9-]+\.[a-z]/i)
  })

  it('inlines exactly one style and one script', () => {
    expect(html.match(/<style\b/g)).toHaveLength(1)
    expect(html.match(/<script\b/g)).toHaveLength(1)
    expect(html).toContain(`<script>${dashboardScript}</script>`)
  })

  it("links only to the mock's own /__mock documents", () => {
    const hrefs = Array.from(html.matchAll(/\bhref="([^"]*)"/g), (match) => match[1])
    expect(hrefs).toEqual(['/__mock/journal.har', '/__mock/state', '/__mock/openapi.json'])
  })

  it('tells the browser so too, with a Content-Security-Policy that allows only the mock', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1]
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toMatch(/https?:/)
  })

  it('gives the elements tests and users rely on stable test ids', () => {
    for (const id of [
      'reset',
      'reset-seed',
      'seed-input',
      'snapshot-name',
      'save-snapshot',
      'snapshots',
      'clear-journal',
      'journal',
      'har',
      'latency',
      'latency-input',
      'set-latency',
      'latency-none',
      'faults',
      'clear-faults',
      'seed',
      'default-format',
      'strict',
    ]) {
      expect(html, id).toContain(`data-testid="${id}"`)
    }
  })
})

describe('dashboardHtml: escaping', () => {
  it('escapes a base path that carries markup', () => {
    const page = dashboardHtml({ basePath: `/</script><script>alert("x")</script>'&` })
    expect(page).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;</code>',
    )
    expect(page.match(/<script\b/g)).toHaveLength(1)
    expect(page).not.toContain('alert("x")')
  })

  it('escapes the base path the app is configured with', async () => {
    const response = await pageThroughApp('/<script>alert(1)</script>')
    const body = await response.text()
    expect(body).toContain(
      '<code data-testid="base-path">/&lt;script&gt;alert(1)&lt;/script&gt;</code>',
    )
    expect(body.match(/<script\b/g)).toHaveLength(1)
  })
})

describe('the dashboard script', () => {
  it('never hands text to an HTML parser', () => {
    expect(dashboardScript).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/)
    expect(dashboardScript).not.toMatch(/\beval\(|new Function|setTimeout\(['"]/)
  })

  it('is valid JavaScript that cannot close its own script element', () => {
    expect(() => new Function(dashboardScript)).not.toThrow()
    expect(dashboardScript).not.toMatch(/<\/script/i)
    expect(dashboardScript).not.toMatch(/<!--/)
  })

  it('fetches only root-relative /__mock URLs, so it works in the server and behind msw', () => {
    const paths = dashboardScript.match(/'\/[^']*'/g) ?? []
    expect(paths.length).toBeGreaterThan(5)
    for (const path of paths) expect(path).toMatch(/^'\/__mock\//)
    expect(dashboardScript).not.toMatch(/https?:/)
  })

  it('polls the journal for the newest 50 entries', () => {
    expect(dashboardScript).toContain("'/__mock/journal?limit=' + journalLimit")
    expect(dashboardScript).toMatch(/const journalLimit = 50\b/)
    expect(dashboardScript).toMatch(/const pollMs = 1[0-9]{3}\b/)
  })
})

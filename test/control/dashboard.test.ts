import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import {
  dashboardPage,
  dashboardScript,
  dashboardSettings,
  dashboardStyle,
} from '../../src/tools/dashboard/index.ts'
import { createMock as composeMock } from '../../src/mock/index.ts'
import { operations } from '../../handlers/operations.ts'
import { stateCollections } from '../../src/control/state/state-document.ts'
import { createStore } from '../../src/index.ts'
import { ResponseStatus } from '../../src/model/index.ts'
import { createHandlers } from '../../handlers/index.ts'
import { buildHostApp } from '../support/index.ts'

async function pageThroughApp(basePath?: string): Promise<Response> {
  const { app } = buildHostApp(basePath ? { basePath } : {})
  return app.request('/__mock')
}

async function pageThroughMsw(): Promise<Response> {
  const handlers = createHandlers({ store: createStore({ seed: 1 }) })
  const response = await getResponse(handlers, new Request('http://localhost/__mock'))
  if (!response) throw new Error('Failed to get the dashboard: no msw handler answered')
  return response
}

const { html, headers: dashboardHeaders } = await dashboardPage({ basePath: '/RestApi' })
const script = dashboardScript(dashboardSettings)

describe('GET /__mock: the dashboard page', () => {
  it('is the page the entry point hands in: a mock built without one answers 404', async () => {
    const mock = composeMock({ store: createStore({ seed: 1 }), operations })
    const response = await mock.dispatch(new Request('http://localhost/__mock'))
    expect(response?.status).toBe(404)
    expect(await response?.json()).toMatchObject({ ResponseStatus: { ErrorCode: 'NotFound' } })
  })

  it('is the page handed in as `dashboard`, with nosniff', async () => {
    const mock = composeMock({
      store: createStore({ seed: 1 }),
      operations,
      dashboard: async ({ basePath }) => ({ html: `<p>${basePath}</p>`, headers: {} }),
    })
    const response = await mock.dispatch(new Request('http://localhost/__mock'))
    expect(await response?.text()).toBe('<p>/RestApi</p>')
    expect(response?.headers.get('x-content-type-options')).toBe('nosniff')
  })

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
    const { app } = buildHostApp()
    const response = await app.request('/__mock/')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(html)
  })
})

describe('dashboardPage: a self-contained page', () => {
  it('loads no external script, style, font or image', () => {
    expect(html).not.toMatch(/\bsrc\s*=/i)
    // The one link is the empty icon, which spares the browser a request for /favicon.ico.
    expect(Array.from(html.matchAll(/<link\b[^>]*>/gi), (match) => match[0])).toEqual([
      '<link rel="icon" href="data:,">',
    ])
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
    expect(html).toContain(`<script>${script}</script>`)
    expect(html).toContain(`<style>${dashboardStyle}</style>`)
  })

  it("links only to the mock's own /__mock documents", () => {
    const hrefs = Array.from(html.matchAll(/\bhref="([^"]*)"/g), (match) => match[1])
    expect(hrefs).toEqual([
      'data:,',
      '/__mock/journal.har',
      '/__mock/state',
      '/__mock/openapi.json',
    ])
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

describe('dashboardPage: escaping', () => {
  it('escapes a base path that carries markup', async () => {
    const { html: page } = await dashboardPage({
      basePath: `/</script><script>alert("x")</script>'&`,
    })
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
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/)
    expect(script).not.toMatch(/\beval\(|new Function|setTimeout\(['"`]/)
  })

  it('is valid JavaScript that cannot close its own script element', () => {
    expect(() => new Function(script)).not.toThrow()
    expect(script).not.toMatch(/<\/script/i)
    expect(script).not.toMatch(/<!--/)
  })

  it('keeps markup in its settings from closing the script element', () => {
    const tables = [{ ...dashboardSettings.tables[0]!, title: '</script><!--' }]
    const text = dashboardScript({ ...dashboardSettings, tables })
    expect(text).not.toMatch(/<\/script|<!--/i)
    expect(text).toContain('\\u003c/script>\\u003c!--')
  })

  it('fetches only root-relative /__mock URLs, so it works in the server and behind msw', () => {
    const paths = script.match(/(['"`])\/[^'"`]*\1/g) ?? []
    expect(paths.length).toBeGreaterThan(5)
    for (const path of paths) expect(path.slice(1)).toMatch(/^\/__mock\//)
    expect(script).not.toMatch(/https?:/)
  })

  it('polls every 1 to 2 s for the newest 50 journal entries and 200 rows of each collection', () => {
    expect(dashboardSettings.pollMs).toBeGreaterThanOrEqual(1000)
    expect(dashboardSettings.pollMs).toBeLessThan(2000)
    expect(dashboardSettings.journalLimit).toBe(50)
    expect(dashboardSettings.rowLimit).toBe(200)
    expect(script).toContain(JSON.stringify(dashboardSettings))
  })

  it('names no field of the DTOs it shows: its columns come from the settings', () => {
    // The client reads an error's ResponseStatus.Message, typed by the ErrorResponse model.
    const errorFields = new Set(ResponseStatus.entries.map((entry) => entry.name))
    const fields = new Set(
      stateCollections
        .flatMap(({ dto }) => dto.entries.map((entry) => entry.name))
        .filter((name) => !errorFields.has(name)),
    )
    expect(fields.size).toBeGreaterThan(30)
    const code = dashboardScript({ ...dashboardSettings, tables: [] })
    const named = [...fields].filter((field) =>
      new RegExp(`['"\`]${field}['"\`]|\\.${field}\\b|\\b${field}:`).test(code),
    )
    expect(named).toEqual([])
  })
})

describe("the Content-Security-Policy: only the page's own script and style run", () => {
  const sha256 = (text: string): string =>
    `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
  const directives = (policy: string): Map<string, string> =>
    new Map(policy.split('; ').map((directive) => [directive.split(' ')[0] ?? '', directive]))

  it.each([
    ['header', dashboardHeaders['Content-Security-Policy'] ?? ''],
    [
      'meta element',
      /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '',
    ],
  ])(
    'allows the inline script and style by their hashes in the %s, and nothing inline else',
    (_, policy) => {
      const inline = directives(policy)
      expect(inline.get('script-src')).toBe(`script-src ${sha256(script)}`)
      expect(inline.get('style-src')).toBe(`style-src ${sha256(dashboardStyle)}`)
      expect(policy).not.toContain('unsafe-inline')
      expect(policy).not.toContain('unsafe-eval')
    },
  )

  it('hashes the script exactly as the page carries it', () => {
    const inPage = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? ''
    expect(inPage).toBe(script)
    expect(dashboardHeaders['Content-Security-Policy']).toContain(sha256(inPage))
  })
})

describe("the dashboard's tables: columns from the model's field tables", () => {
  it('has a table per collection of the state, in its order', () => {
    expect(dashboardSettings.tables.map((table) => table.name)).toEqual(
      stateCollections.map((collection) => collection.name),
    )
  })

  it.each(stateCollections.map((collection) => [collection.name, collection.dto] as const))(
    '%s: every column is a field of its DTO, shown as its type says',
    (name, dto) => {
      const table = dashboardSettings.tables.find((candidate) => candidate.name === name)
      expect(table?.columns.length).toBeGreaterThan(2)
      for (const column of table?.columns ?? []) {
        const kind = dto.byName.get(column.field)?.spec.type.kind
        expect(kind, column.field).toBeDefined()
        const show = kind === 'date' ? 'date' : kind === 'list' ? 'count' : 'text'
        expect(column.show, column.field).toBe(show)
      }
      expect(table?.columns[0]?.className).toBe('mono')
    },
  )

  it('shows the columns it showed before, under the same headers', () => {
    const headers = dashboardSettings.tables.map((table) => [
      table.name,
      table.columns.map(
        (column) => `${column.label}${column.className ? `.${column.className}` : ''}`,
      ),
    ])
    expect(headers).toEqual([
      ['ABTests', ['Id.mono', 'Title', 'Status', 'Owner', 'LastModified.nowrap']],
      ['Services', ['Route.mono', 'Name', 'Enabled', 'Protocol']],
      ['Containers', ['PageId.mono', 'PageTitle', 'Containers.num']],
      ['Comments', ['Key.mono', 'Name', 'Message', 'Status', 'Rating.num', 'DateCreated.nowrap']],
      ['Pages', ['Id.mono', 'Title', 'UrlName']],
    ])
  })
})

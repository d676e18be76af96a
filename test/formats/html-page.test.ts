import { describe, expect, it } from 'vitest'
import {
  contentTypes,
  abTestId,
  bareCommentKey,
  commentKey,
  buildHostApp,
  unescapeHtml,
  type WireFormat,
} from '../support/index.ts'

// The HTML page a browser gets by default (decisions.md section 4; servicestack-wire.md
// section 1.6): a readable page, the DTO as nested tables, links to the same resource in every
// other format, all text escaped, no scripts and no external assets.

const comments = '/RestApi/comments-api/comments'
const abTesting = '/RestApi/ab-testing'
const containersInfo = '/RestApi/cms/inlineediting/containersInfo'

async function page(
  path: string,
  method: string,
  body: object,
): Promise<{ html: string; response: Response }> {
  const { app } = buildHostApp()
  const response = await app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { response, html: await response.text() }
}

async function commentPage(path: string, fields: object = {}): Promise<string> {
  const { store } = buildHostApp()
  const { response, html } = await page(path, 'PUT', { Key: commentKey(store), ...fields })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/html')
  return html
}

async function abTestPage(path = abTesting): Promise<string> {
  const { store } = buildHostApp()
  const { response, html } = await page(path, 'PUT', { Id: abTestId(store) })
  expect(response.status).toBe(200)
  return html
}

function links(html: string): string[] {
  return Array.from(html.matchAll(/<a href="([^"]*)">/g), (match) => unescapeHtml(match[1] ?? ''))
}

describe('the page', () => {
  it('is a whole document named after the operation', async () => {
    const html = await commentPage(comments)
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(html).toContain('<title>CommentUpdateRequest</title>')
    expect(html).toContain('<h1>CommentUpdateRequest</h1>')
    expect(html).toContain('<meta charset="utf-8">')
    expect(html.endsWith('</html>')).toBe(true)
  })

  it('names the A/B test page after its request DTO', async () => {
    const html = await abTestPage()
    expect(html).toContain('<title>ABTestViewModel</title>')
    expect(html).toContain('<h1>ABTestViewModel</h1>')
  })

  it('shows the DTO as a table of its members', async () => {
    const { store } = buildHostApp()
    const html = await commentPage(comments, { Message: 'Shown in a table' })
    expect(html).toContain(`<tr><th>Key</th><td>${commentKey(store)}</td></tr>`)
    expect(html).toContain('<tr><th>Message</th><td>Shown in a table</td></tr>')
    expect(html).toContain('<tr><th>Status</th><td>Published</td></tr>')
  })

  it('shows a list of Variations as a table with a header row and one row per item', async () => {
    const { store } = buildHostApp()
    const variations = store.state.abTests.get(abTestId(store))?.Variations ?? []
    expect(variations.length).toBeGreaterThan(1)
    const html = await abTestPage()
    const table = /<tr><th>Variations<\/th><td>(<table>.*?<\/table>)<\/td><\/tr>/.exec(html)?.[1]
    expect(table).toBeDefined()
    expect(table).toContain(
      '<thead><tr><th>Id</th><th>Name</th><th>Distribution</th><th>IsOriginal</th>' +
        '<th>Ordinal</th><th>PageDataId</th><th>IsWinner</th></tr></thead>',
    )
    const body = /<tbody>(.*)<\/tbody>/.exec(table ?? '')?.[1] ?? ''
    expect(body.match(/<tr>/g)).toHaveLength(variations.length)
    for (const variation of variations) expect(body).toContain(`<td>${variation.Id}</td>`)
  })

  it('nests an object inside a list item as a table of its own', async () => {
    const { html, response } = await page(containersInfo, 'POST', {
      PageId: '00000000-0000-0000-0000-000000000000',
      ContainersInfo: [
        {
          ItemId: 'b4d2f3a5-6c7e-4f80-9bac-1d2e3f4a5b6c',
          ItemType: 'Cms.News.Model.NewsItem',
          Fields: [{ Name: 'Title' }],
        },
      ],
    })
    expect(response.status).toBe(200)
    expect(html).toContain('<tr><th>ContainersInfo</th><td><table><thead><tr><th>ItemId</th>')
    // ItemStatus (an object) inside the list row, Fields (a list) inside it too.
    expect(html).toMatch(/<td><table><tbody><tr><th>DisplayStatus<\/th><td>/)
    expect(html).toMatch(/<td><table><thead><tr><th>Name<\/th><th>Required<\/th>/)
  })

  it('writes dates as <time> in round-trip form', async () => {
    const html = await abTestPage()
    expect(html).toContain(
      '<tr><th>LastModified</th><td><time datetime="2026-03-01T12:00:00.0000000Z">2026-03-01T12:00:00.0000000Z</time></td></tr>',
    )
  })

  it('marks null members', async () => {
    const { store } = buildHostApp()
    const { html } = await page(comments, 'PUT', { Key: bareCommentKey(store) })
    expect(html).toContain('<tr><th>CustomData</th><td><span class="null">null</span></td></tr>')
  })
})

describe('links to the other formats', () => {
  it('links the same URL in json, xml, jsv and csv by ?format=', async () => {
    const html = await commentPage(comments)
    expect(links(html)).toEqual([
      `${comments}?format=json`,
      `${comments}?format=xml`,
      `${comments}?format=jsv`,
      `${comments}?format=csv`,
    ])
  })

  it('drops the extension from the path of the links', async () => {
    const html = await commentPage(`${comments}.html`)
    expect(links(html)).toEqual([
      `${comments}?format=json`,
      `${comments}?format=xml`,
      `${comments}?format=jsv`,
      `${comments}?format=csv`,
    ])
  })

  it('keeps the rest of the query and replaces its format', async () => {
    const html = await commentPage(`${comments}?jsconfig=eccn&format=html`)
    expect(links(html)).toEqual([
      `${comments}?jsconfig=eccn&format=json`,
      `${comments}?jsconfig=eccn&format=xml`,
      `${comments}?jsconfig=eccn&format=jsv`,
      `${comments}?jsconfig=eccn&format=csv`,
    ])
    // The & of a link is escaped in the attribute.
    expect(html).toContain('href="/RestApi/comments-api/comments?jsconfig=eccn&amp;format=json"')
  })

  it('links URLs that answer in the format they name', async () => {
    const { app, store } = buildHostApp()
    const html = await commentPage(`${comments}.html`)
    for (const href of links(html)) {
      const format = new URL(href, 'http://localhost').searchParams.get('format') as WireFormat
      const response = await app.request(href, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Key: commentKey(store) }),
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(contentTypes[format])
    }
  })
})

describe('escaping and assets', () => {
  it('escapes a stored script in a comment message', async () => {
    const { app, store } = buildHostApp()
    const key = commentKey(store)
    const stored = await app.request(comments, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: key, Message: '<script>alert(1)</script>' }),
    })
    expect(stored.status).toBe(200)
    // The next page shows the stored comment.
    const response = await app.request(comments, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: key }),
    })
    const html = await response.text()
    expect(response.headers.get('content-type')).toBe('text/html')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toMatch(/<script/i)
  })

  it('escapes quotes, apostrophes and ampersands', async () => {
    const html = await commentPage(comments, { Name: `Tom & "Jerry" O'Neil` })
    expect(html).toContain('<tr><th>Name</th><td>Tom &amp; &quot;Jerry&quot; O&#39;Neil</td></tr>')
  })

  it('escapes a hostile query string in the links', async () => {
    const html = await commentPage(`${comments}?x="><script>alert(1)</script>&y='`)
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/href="[^"]*"[^>]*"/)
  })

  it('loads nothing from elsewhere and runs no script', async () => {
    for (const html of [await commentPage(comments), await abTestPage()]) {
      expect(html).not.toMatch(/<script/i)
      expect(html).not.toMatch(/\ssrc=/i)
      expect(html).not.toMatch(/<link/i)
      expect(html).not.toMatch(/<(img|iframe|object|embed)\b/i)
      expect(html).not.toMatch(/url\(|@import/i)
      expect(html).not.toMatch(/\son\w+=/i)
      expect(html).not.toMatch(/javascript:/i)
    }
  })
})

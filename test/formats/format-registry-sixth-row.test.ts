import { defaultWriteOptions } from '../../src/wire/formats/jsconfig.ts'
import { describe, expect, it, vi } from 'vitest'
import type { FormatRow } from '../../src/wire/formats/format-registry.ts'

// A sixth format added as one row of the registry, and nothing else: negotiation, the body
// types, the HTML page's links, the request log, the metadata index and the surface routes must
// all take it up (issue 28, point 3: one table per concept).
vi.mock('../../src/wire/formats/format-registry.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/wire/formats/format-registry.ts')>()
  const yaml: FormatRow = {
    name: 'yaml',
    mime: 'application/yaml',
    bodyTypes: ['application/yaml', 'text/yaml'],
    acceptRank: 4,
    formatContains: true,
    metadataPage: { rank: 4, label: 'YAML' },
  }
  const rows = [...real.formatRegistry, yaml]
  return { ...real, formatRegistry: rows, formatLists: real.formatListsOf(rows) }
})

const { negotiate } = await import('../../src/wire/formats/format.ts')
const { formatOfContentType, isFormat, formats } = await import('../../src/wire/formats/format.ts')
const { writeHtml } = await import('../../src/wire/formats/html.ts')
const { formatLogLine } = await import('../../src/node/server/log-line.ts')
const { metadataIndex } = await import('../../src/control/surface/metadata-pages.ts')
const { createSurface } = await import('../../src/mock/surface-routes.ts')
const { CommentResponse, CommentUpdateRequest } = await import('../../src/model/index.ts')

type Format = ReturnType<typeof negotiate>['format']
const yaml = 'yaml' as Format

function negotiated(input: {
  accept?: string
  query?: string
  firstSegment?: string
}): ReturnType<typeof negotiate> {
  return negotiate({
    accept: input.accept ?? null,
    contentType: null,
    query: new URLSearchParams(input.query ?? ''),
    extension: null,
    firstSegment: input.firstSegment ?? null,
    defaultFormat: 'json',
  })
}

describe('a format added as one registry row', () => {
  it('is a format, with its body types', () => {
    expect(formats).toContain('yaml')
    expect(isFormat('yaml')).toBe(true)
    expect(formatOfContentType('text/yaml; charset=utf-8')).toBe('yaml')
  })

  it('is chosen by its Accept type, its ?format= value and its route segment', () => {
    expect(negotiated({ accept: 'application/yaml' })).toEqual({
      format: yaml,
      contentType: 'application/yaml',
      callback: null,
    })
    expect(negotiated({ query: 'format=yamlreport' }).format).toBe(yaml)
    expect(negotiated({ firstSegment: 'yaml', accept: 'application/json' }).format).toBe(yaml)
  })

  // The HTML page links the four formats HtmlFormat's template names (SS
  // Templates/HtmlFormat.html l.242–245), not the registry's: a sixth row gets none (issue 39).
  it('gets no link on the HTML page, whose four links are the template’s', () => {
    const html = writeHtml({
      def: CommentUpdateRequest,
      value: {},
      url: new URL('http://h/RestApi/a.yaml?x=1'),
      operationName: 'Op',
      now: new Date(0),
      writeOptions: defaultWriteOptions,
    })
    const links = [...html.matchAll(/<a href="[^"]*format=(\w+)">/g)].map((match) => match[1])
    expect(links).toEqual(['json', 'xml', 'csv', 'jsv'])
  })

  it('is named in the request log', () => {
    const line = formatLogLine(
      new Request('http://h/RestApi/a'),
      new Response('', { headers: { 'content-type': 'application/yaml' } }),
      1,
    )
    expect(line).toBe('GET /RestApi/a yaml 200 1.0ms')
  })

  it('gets a metadata page, linked from the index and served by the surface routes', () => {
    const operation = {
      method: 'PUT',
      route: '/comments',
      requestDto: CommentUpdateRequest,
      responseDto: CommentResponse,
    }
    const index = metadataIndex('/RestApi', [operation])
    expect(index).toContain('<a href="/RestApi/yaml/metadata?op=CommentUpdateRequest">YAML</a>')
    expect(createSurface([], '/RestApi')('yaml/metadata')?.name).toBe('Metadata')
  })
})

import { defaultWriteOptions } from '../../src/wire/formats/jsconfig.ts'
import { describe, expect, it } from 'vitest'
import { metadataIndex, pageFormats } from '../../src/control/surface/metadata-pages.ts'
import { createSurface } from '../../src/mock/surface-routes.ts'
import { CommentResponse, CommentUpdateRequest } from '../../src/model/index.ts'
import { formatLogLine } from '../../src/node/server/log-line.ts'
import { negotiate } from '../../src/wire/formats/format.ts'
import { codecs } from '../../src/wire/formats/codecs.ts'
import {
  formatLists,
  formatRegistry,
  type FormatRow,
} from '../../src/wire/formats/format-registry.ts'
import { formatOfContentType, formats, mimeTypes } from '../../src/wire/formats/format.ts'
import { writeHtml } from '../../src/wire/formats/html.ts'
import { eagerReaders } from '../../src/wire/request/read-request.ts'
import { writers } from '../../src/wire/answer/respond.ts'

// Each place that lists formats takes its list from the format registry's rows (issue 28,
// point 3); format-registry-sixth-row.test.ts adds a row and sees them all take it up.

type Format = (typeof formats)[number]
const registry: readonly (FormatRow & { readonly name: Format })[] = formatRegistry
const rows = registry.map((row) => ({ row }))

function negotiated(accept: string, defaultFormat: Format): ReturnType<typeof negotiate> {
  return negotiate({
    accept,
    contentType: null,
    query: new URLSearchParams(),
    extension: null,
    firstSegment: null,
    defaultFormat,
  })
}

describe('the format registry', () => {
  it('gives the format list, its MIME types, and a writer and codec for each row', () => {
    expect(formats).toEqual(formatRegistry.map((row) => row.name))
    for (const row of formatRegistry) expect(mimeTypes[row.name]).toBe(row.mime)
    expect(Object.keys(writers).sort()).toEqual([...formats].sort())
    expect(Object.keys(codecs).sort()).toEqual([...formats].sort())
  })

  it.each(rows)('reads $row.name bodies by each of its Content-Types', ({ row }) => {
    for (const type of row.bodyTypes) expect(formatOfContentType(type)).toBe(row.name)
  })

  it.each(rows)('loads the $row.name body reader as its row says', ({ row }) => {
    expect(Boolean(eagerReaders[row.name])).toBe(row.reader === 'eager')
    expect(Boolean(codecs[row.name].read)).toBe(row.reader !== undefined)
  })

  it.each(rows)('negotiates $row.name by its Accept type, answered as its row says', ({ row }) => {
    const answerType = row.answerType ?? row.mime
    expect(negotiated(row.mime, 'json')).toEqual({
      format: row.name,
      contentType: answerType,
      callback: null,
    })
  })

  it('prefers the Accept types in the order of the rows’ acceptRank', () => {
    const ranked = formatLists.acceptPreference
    expect(ranked).toEqual(
      registry
        .filter((row) => row.acceptRank !== undefined)
        .sort((a, b) => (a.acceptRank ?? 0) - (b.acceptRank ?? 0))
        .map((row) => row.name),
    )
    // The default goes first, so the default is the last ranked and left out of Accept.
    const last = ranked.at(-1) as Format
    const accept = ranked
      .slice(0, -1)
      .reverse()
      .map((format) => mimeTypes[format])
      .join(', ')
    expect(negotiated(accept, last).format).toBe(ranked[0])
  })

  // HtmlFormat's template names four, in its order (SS Templates/HtmlFormat.html l.242–245).
  it('links the HTML page to json, xml, csv and jsv, in the template’s order', () => {
    const html = writeHtml({
      def: CommentUpdateRequest,
      value: {},
      url: new URL('http://h/RestApi/a.csv'),
      operationName: 'Op',
      now: new Date(0),
      writeOptions: defaultWriteOptions,
    })
    const links = [...html.matchAll(/<a href="[^"]*format=(\w+)">/g)].map((match) => match[1])
    expect(links).toEqual(['json', 'xml', 'csv', 'jsv'])
    expect(new Set(links)).toEqual(new Set(formats.filter((format) => format !== 'html')))
  })

  it.each(rows)('logs an answer in $row.name by its name', ({ row }) => {
    const answerType = row.answerType ?? row.mime
    for (const type of [answerType, row.mime]) {
      const response = new Response('', { headers: { 'content-type': type } })
      expect(formatLogLine(new Request('http://h/a'), response, 1)).toBe(
        `GET /a ${row.name} 200 1.0ms`,
      )
    }
  })

  it('lists the metadata pages in the rows’ order, with their labels, and serves each', () => {
    const withPages = registry
      .flatMap((row) => (row.metadataPage ? [{ name: row.name, ...row.metadataPage }] : []))
      .sort((a, b) => a.rank - b.rank)
    expect(pageFormats).toEqual(withPages.map((page) => page.name))
    const operation = {
      method: 'PUT',
      route: '/comments',
      requestDto: CommentUpdateRequest,
      responseDto: CommentResponse,
    }
    const index = metadataIndex('/RestApi', [operation])
    const labels = [...index.matchAll(/\/(\w+)\/metadata\?op=\w+">(\w+)</g)].map((m) => [
      m[1],
      m[2],
    ])
    expect(labels).toEqual(withPages.map((page) => [page.name, page.label]))
    const surface = createSurface([], '/RestApi')
    for (const row of registry) {
      expect(surface(`${row.name}/metadata`)?.name).toBe(row.metadataPage ? 'Metadata' : undefined)
    }
  })
})

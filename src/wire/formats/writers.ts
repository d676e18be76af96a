import type { DtoDef } from '../../model/index.ts'
import type { Format } from './format.ts'
import { writeCsv } from './csv.ts'
import { writeHtml } from './html.ts'
import { writeJson } from './json.ts'
import { writeJsv } from './jsv-write.ts'
import { writeXml } from './xml/xml.ts'
import type { RequestContext } from '../request-context.ts'

export type Writer = (def: DtoDef, value: object, ctx: RequestContext) => string

/**
 * Every format's writer. Answers need them all at once; the readers of CSV and XML bodies load
 * apart (`readerOf`), with their parsers.
 */
export const writers: Readonly<Record<Format, Writer>> = {
  json: (def, value, ctx) => writeJson(def, value, ctx.writeOptions),
  jsv: (def, value, ctx) => writeJsv(def, value, ctx.writeOptions),
  csv: (def, value, ctx) => writeCsv(def, value, ctx.writeOptions),
  xml: (def, value, ctx) => writeXml(def, value, ctx.config.xmlNamespaces),
  // Only the HTML page needs the whole URL (its links to the other formats).
  html: (def, value, ctx) =>
    writeHtml({
      def,
      value,
      url: new URL(ctx.request.url),
      operationName: ctx.operationName,
      now: ctx.now,
      writeOptions: ctx.writeOptions,
    }),
}

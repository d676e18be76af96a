import type { DtoDef } from '../model/index.ts'
import type { WriteContext } from './codecs.ts'
import type { Format } from './format.ts'
import { writeCsv } from './formats/csv.ts'
import { writeHtml } from './formats/html.ts'
import { writeJson } from './formats/json.ts'
import { writeJsv } from './formats/jsv-write.ts'
import { writeXml } from './formats/xml.ts'

export type Writer = (def: DtoDef, value: object, context: WriteContext) => string

/**
 * Every format's writer. Answers need them all at once; the readers of CSV and XML bodies load
 * apart (`readerOf`), with their parsers.
 */
export const writers: Readonly<Record<Format, Writer>> = {
  json: (def, value, context) => writeJson(def, value, context.options),
  jsv: (def, value, context) => writeJsv(def, value, context.options),
  csv: (def, value, context) => writeCsv(def, value, context.options),
  xml: (def, value, context) => writeXml(def, value, context.xmlNamespaces),
  html: (def, value, context) => writeHtml(def, value, context.url, context.operationName),
}

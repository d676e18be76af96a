import type { DtoDef } from '../../model/index.ts'
import type { Format } from './format.ts'
import { readCsv } from './csv-read.ts'
import { readXml } from './xml/xml-read.ts'
import type { Loose } from '../request/loose.ts'
import { readJson } from './json.ts'
import { readJsv } from './jsv-read.ts'
import type { RequestContext } from '../request-context.ts'
import { writers } from './writers.ts'

/** One wire format, both directions. A format without `read` has no request bodies (HTML). */
export interface Codec {
  readonly format: Format
  read?(text: string, def: DtoDef, ctx: RequestContext): Loose
  write(def: DtoDef, value: object, ctx: RequestContext): string
}

/**
 * The registry: every format the negotiation can choose has its codec here. The dispatch takes
 * the writers (`writers`) and the readers (`readerOf`) apart, so that the CSV and XML parsers
 * load only with this module, on the first body that needs them.
 */
export const codecs: Readonly<Record<Format, Codec>> = {
  json: {
    format: 'json',
    read: (text, def, ctx) =>
      readJson(text, def.name, ctx.config.limits, (m) => ctx.warnings.add(m)),
    write: writers.json,
  },
  jsv: {
    format: 'jsv',
    read: (text, _def, ctx) => readJsv(text, ctx.config.limits),
    write: writers.jsv,
  },
  csv: {
    format: 'csv',
    read: (text, def, ctx) =>
      readCsv(text, def, ctx.config.limits, (message) => ctx.warnings.add(message)),
    write: writers.csv,
  },
  xml: {
    format: 'xml',
    read: (text, def, ctx) =>
      readXml(text, def, {
        limits: ctx.config.limits,
        xmlNamespaces: ctx.config.xmlNamespaces,
        warn: (message) => ctx.warnings.add(message),
      }),
    write: writers.xml,
  },
  html: { format: 'html', write: writers.html },
}

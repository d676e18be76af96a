import type { DtoDef } from '../../model/index.ts'
import type { Format } from './format.ts'
import { readCsvBody } from './csv-read.ts'
import { readXmlBody } from './xml/xml-read.ts'
import type { Loose } from '../request/loose.ts'
import { readJson } from './json.ts'
import { readJsv } from './jsv-read.ts'
import type { RequestContext } from '../request-context.ts'
import { writers } from '../answer/respond.ts'

/** One wire format, both directions. A format without `read` has no request bodies (HTML). */
export interface Codec {
  readonly format: Format
  read?(text: string, def: DtoDef, ctx: RequestContext): Loose
  write(def: DtoDef, value: object, ctx: RequestContext): string
}

/**
 * The registry: every format the negotiation can choose has its codec here. The pipeline takes
 * the writers (answer/respond.ts) and the readers (request/read-request.ts) apart, so that the
 * CSV and XML parsers load only on the first body that needs them.
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
    read: readCsvBody,
    write: writers.csv,
  },
  xml: {
    format: 'xml',
    read: readXmlBody,
    write: writers.xml,
  },
  html: { format: 'html', write: writers.html },
}

import type { DtoDef } from '../model/index.ts'
import type { Format } from './format.ts'
import { readCsv, writeCsv } from './formats/csv.ts'
import { writeHtml } from './formats/html.ts'
import type { WriteOptions } from './formats/jsconfig.ts'
import { readJson, writeJson } from './formats/json.ts'
import { readJsv, writeJsv } from './formats/jsv.ts'
import { readXml } from './formats/xml-read.ts'
import { writeXml } from './formats/xml.ts'
import type { Limits } from './limits.ts'
import type { Loose } from './loose.ts'

/** What a writer may need besides the value. */
export interface WriteContext {
  /** `?jsconfig=` options; they apply to JSON, JSV and CSV, not XML. */
  readonly options: WriteOptions
  /** The request URL: the HTML page links to it in every other format. */
  readonly url: URL
  readonly operationName: string
  /** XML namespaces by DTO name, where the host's differ from the defaults. */
  readonly xmlNamespaces: Readonly<Record<string, string>>
}

export interface ReadContext {
  readonly limits: Limits
  readonly xmlNamespaces: Readonly<Record<string, string>>
  /** Reports what the real server would refuse or drop but the mock lets pass. */
  warn(message: string): void
}

/** One wire format, both directions. A format without `read` has no request bodies (HTML). */
export interface Codec {
  readonly format: Format
  read?(text: string, def: DtoDef, context: ReadContext): Loose
  write(def: DtoDef, value: object, context: WriteContext): string
}

/** The registry: every format the negotiation can choose has its codec here. */
export const codecs: Readonly<Record<Format, Codec>> = {
  json: {
    format: 'json',
    read: (text, def, context) => readJson(text, def.name, context.limits),
    write: (def, value, context) => writeJson(def, value, context.options),
  },
  jsv: {
    format: 'jsv',
    read: (text, _def, context) => readJsv(text, context.limits),
    write: (def, value, context) => writeJsv(def, value, context.options),
  },
  csv: {
    format: 'csv',
    read: (text, def, context) => readCsv(text, def, context.limits),
    write: (def, value, context) => writeCsv(def, value, context.options),
  },
  xml: {
    format: 'xml',
    read: (text, def, context) => readXml(text, def, context),
    write: (def, value, context) => writeXml(def, value, context.xmlNamespaces),
  },
  html: {
    format: 'html',
    write: (def, value, context) => writeHtml(def, value, context.url, context.operationName),
  },
}

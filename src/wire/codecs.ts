import type { DtoDef } from '../model/index.ts'
import type { Format } from './format.ts'
import { readCsv } from './formats/csv-read.ts'
import type { WriteOptions } from './formats/jsconfig.ts'
import { readXml } from './formats/xml-read.ts'
import type { Limits } from './limits.ts'
import type { Loose } from './loose.ts'
import { eagerReaders } from './reader-of.ts'
import { writers } from './writers.ts'

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

/**
 * The registry: every format the negotiation can choose has its codec here. The dispatch takes
 * the writers (`writers`) and the readers (`readerOf`) apart, so that the CSV and XML parsers
 * load only with this module, on the first body that needs them.
 */
export const codecs: Readonly<Record<Format, Codec>> = {
  json: { format: 'json', read: eagerReaders.json, write: writers.json },
  jsv: { format: 'jsv', read: eagerReaders.jsv, write: writers.jsv },
  csv: {
    format: 'csv',
    read: (text, def, context) => readCsv(text, def, context.limits),
    write: writers.csv,
  },
  xml: {
    format: 'xml',
    read: (text, def, context) => readXml(text, def, context),
    write: writers.xml,
  },
  html: { format: 'html', write: writers.html },
}

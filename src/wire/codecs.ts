import type { DtoDef } from '../model/index.ts'
import type { Format } from './format.ts'
import type { WriteOptions } from './formats/jsconfig.ts'
import { readJson, writeJson } from './formats/json.ts'
import type { Limits } from './limits.ts'
import type { Loose } from './loose.ts'

/** What a writer may need besides the value: HTML links to the same URL in other formats. */
export interface WriteContext {
  readonly options: WriteOptions
  readonly url: URL
  readonly operationName: string
}

/** One wire format, both directions. A format without `read` ignores request bodies. */
export interface Codec {
  readonly format: Format
  read?(text: string, def: DtoDef, limits: Limits): Loose
  write(def: DtoDef, value: object, context: WriteContext): string
}

const jsonCodec: Codec = {
  format: 'json',
  read: (text, def, limits) => readJson(text, def.name, limits),
  write: (def, value, context) => writeJson(def, value, context.options),
}

/** The registry: every format the negotiation can choose gets a codec here. */
export const codecs: Readonly<Partial<Record<Format, Codec>>> = {
  json: jsonCodec,
}

/** The codec for a format; JSON stands in for formats not yet registered. */
export function codecFor(format: Format): Codec {
  return codecs[format] ?? jsonCodec
}

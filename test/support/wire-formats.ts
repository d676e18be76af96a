import {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  CreateService,
  type DtoDef,
} from '../../src/model/index.ts'
import { bindDto, type Format } from '../../src/wire/index.ts'
import { codecs } from '../../src/wire/formats/codecs.ts'
import { isLooseObject } from '../../src/wire/request/bind-dto.ts'
import { now } from './app.ts'
import { testContext } from './test-context.ts'

// The wire formats as the format and negotiation tests walk them, and reading answers back.

/** The five response formats, in the order the tests walk them. */
export const wireFormats = [
  'json',
  'xml',
  'jsv',
  'csv',
  'html',
] as const satisfies readonly Format[]
export type WireFormat = (typeof wireFormats)[number]

/** The exact Content-Type header of each format (decisions.md section 2). */
export const contentTypes: Readonly<Record<WireFormat, string>> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml',
  jsv: 'application/jsv',
  csv: 'text/csv',
  html: 'text/html',
}

/** The Content-Type a client sends for a body in each readable format. */
export const bodyTypes = {
  json: 'application/json',
  jsv: 'application/jsv',
  xml: 'application/xml',
  csv: 'text/csv',
} as const

export interface Parsed {
  readonly value: Record<string, any>
  /** What the project's reader noticed (out-of-order XML, another root, ...). */
  readonly warnings: string[]
}

/**
 * A response body read back with the project's own readers (`codecs[format].read`) and bound
 * to the DTO with `bindDto`, as a request body would be.
 */
export function parseBack(format: Exclude<WireFormat, 'html'>, text: string, def: DtoDef): Parsed {
  const context = testContext()
  const read = codecs[format].read
  if (!read) throw new Error(`Failed to parse: format ${format} has no reader`)
  const tree = read(text, def, context)
  if (!isLooseObject(tree)) throw new Error(`Failed to parse: ${format} body is not an object`)
  const bound = bindDto(def, tree, now)
  if (bound.issues.length > 0) {
    throw new Error(`Failed to bind ${def.name}: ${JSON.stringify(bound.issues)}`)
  }
  return { value: bound.value, warnings: [...context.warnings.list] }
}

export function unescapeHtml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
}

/**
 * The DTO the HTML page embeds as `var model = …;` (HtmlFormat's template), read back: its JSON
 * with the `&lt;` and `&gt;` of HtmlEncodeLite undone.
 */
export function htmlModel(html: string): Record<string, any> {
  const match = /\nvar model = (.*);\n/.exec(html)
  if (!match?.[1]) throw new Error('Failed to find the model of the HTML page')
  return JSON.parse(match[1].replaceAll('&lt;', '<').replaceAll('&gt;', '>'))
}

/** A top-level scalar member of the HTML page's model, as text; undefined when left out. */
export function htmlCell(html: string, name: string): string | undefined {
  const value = htmlModel(html)[name]
  return value === undefined || value === null ? undefined : String(value)
}

/** `Vary` lists Accept as a whole token. */
export function varyHasAccept(response: Response): boolean {
  return /(^|,\s*)Accept(\s*,|$)/i.test(response.headers.get('vary') ?? '')
}

/** The response DTO of each operation, for reading answers back. */
export const responseDefs = {
  comments: CommentResponse,
  abTesting: ABTestViewModel,
  createService: CreateService,
  containersInfo: ContainerInfoMessage,
} as const

import { completeDto, describeType, type DtoDef, type FieldType } from '../../model/index.ts'
import { freshInstall, type DateReading } from '../formats/wcf-date.ts'
import { scalarValue, unbound } from './bind-scalar.ts'
import { listLimit } from './list-limit.ts'
import type { Loose, LooseObject } from './loose.ts'
import { NumberToken } from './number-token.ts'

/** A value the binder could not use: the real server drops it and keeps the default. */
export interface FieldIssue {
  /** Where the value was, e.g. `Variations[1].Distribution`. */
  readonly path: string
  /** The property name, as ServiceStack names it in `'<value>' is an Invalid value for '<Prop>'`. */
  readonly field: string
  /** The value as sent, shortened. */
  readonly value: string
  readonly expected: string
  /**
   * Set where the real server keeps the value in another form rather than dropping it: an
   * object or a list sent to a string field, stored as its text with every `"` removed.
   */
  readonly stored?: string
}

export interface BindResult {
  /** Only the fields the input set (an explicit null included), so updates can merge. */
  readonly value: Record<string, unknown>
  /** At most `listLimit` issues: a body of a million wrong values must not make a million. */
  readonly issues: FieldIssue[]
  /** How many more issues there were past `listLimit`, counted only; absent when none. */
  readonly moreIssues?: number
}

/** Where the binder puts its issues: the first `listLimit`, then only a count. */
interface IssueSink {
  readonly issues: FieldIssue[]
  more: number
  /** How dates are read, the same for the whole body. */
  readonly dates: DateReading
}

const dropped = Symbol('dropped')

/**
 * Binds a parsed body to a DTO through its field table: names case-insensitive, unknown names
 * ignored, every scalar form converted. What cannot be converted is dropped and reported.
 */
export function bindDto(
  def: DtoDef,
  tree: LooseObject,
  now: Date,
  path = '',
  dates: DateReading = freshInstall,
): BindResult {
  const sink: IssueSink = { issues: [], more: 0, dates }
  const value = bindObject(def, tree, now, path, sink)
  return sink.more === 0
    ? { value, issues: sink.issues }
    : { value, issues: sink.issues, moreIssues: sink.more }
}

function bindObject(
  def: DtoDef,
  tree: LooseObject,
  now: Date,
  path: string,
  sink: IssueSink,
): Record<string, unknown> {
  const value: Record<string, unknown> = {}
  // One context for the whole object, moved from field to field.
  const ctx: BindContext = { base: '', index: -1, field: '', nullable: false, sink, now }
  for (const key of Object.keys(tree)) {
    // `findField`, written out: on the path of every field of every request.
    const entry = def.byName.get(key) ?? def.byLowerName.get(key.toLowerCase())
    if (!entry) continue
    ctx.base = path + entry.name
    ctx.index = -1
    ctx.field = entry.name
    ctx.nullable = entry.spec.nullable
    const bound = bindValue(entry.spec.type, tree[key] as Loose, ctx)
    if (bound !== dropped) value[entry.name] = bound
  }
  return value
}

/**
 * Where the binder stands. A list item's path (`Fields[12]`) is made only when an issue needs
 * it: a flood of wrongly typed items would otherwise make a string per item.
 */
interface BindContext {
  base: string
  /** The item's index in the list at `base`, or -1 for the field itself. */
  index: number
  field: string
  nullable: boolean
  sink: IssueSink
  now: Date
}

function bindValue(type: FieldType, input: Loose, ctx: BindContext): unknown {
  if (input === null) {
    if (ctx.nullable) return null
    // A non-nullable string takes its default; a CLR value type cannot hold null at all.
    return type.kind === 'string' ? '' : reject(type, input, ctx)
  }
  switch (type.kind) {
    case 'string':
      if (typeof input === 'string') return input
      if (typeof input === 'boolean') return String(input)
      // A number keeps its token as sent (`12.50`), as ServiceStack.Text stores it.
      if (typeof input === 'number') return storedAs(input, String(input), ctx)
      if (input instanceof NumberToken) return storedAs(input, input.text, ctx)
      return storedAs(input, (JSON.stringify(input) ?? '').replaceAll('"', ''), ctx)
    case 'int':
    case 'decimal':
    case 'bool':
    case 'date':
    case 'guid':
    case 'enum': {
      const value = scalarValue(type, input, ctx.sink.dates)
      return value === unbound ? reject(type, input, ctx) : value
    }
    case 'any':
      return input instanceof NumberToken ? input.value : input
    case 'object': {
      if (!isLooseObject(input)) return reject(type, input, ctx)
      const def = type.dto()
      const nested = bindObject(def, input, ctx.now, `${pathOf(ctx)}.`, ctx.sink)
      return completeDto(def, nested, ctx.now)
    }
    case 'list': {
      if (!Array.isArray(input)) return reject(type, input, ctx)
      const items: unknown[] = []
      const itemCtx: BindContext = { ...ctx, base: pathOf(ctx), index: 0, nullable: true }
      for (let i = 0; i < input.length; i++) {
        itemCtx.index = i
        const item = bindValue(type.item, input[i] as Loose, itemCtx)
        if (item !== dropped) items.push(item)
      }
      return items
    }
  }
}

function pathOf(ctx: BindContext): string {
  return ctx.index < 0 ? ctx.base : `${ctx.base}[${ctx.index}]`
}

function reject(type: FieldType, input: Loose, ctx: BindContext): typeof dropped {
  const { sink } = ctx
  // Past the cap only counted: not even the preview is made.
  if (sink.issues.length >= listLimit) {
    sink.more++
    return dropped
  }
  sink.issues.push({
    path: pathOf(ctx),
    field: ctx.field,
    value: preview(input),
    expected: describeType(type),
  })
  return dropped
}

/**
 * What ServiceStack.Text stores where a string is due and something else came: a number as its
 * token (`12.50`), an object or a list as its raw text with every `"` removed (`{"source":
 * "app"}` is `{source:app}`). Reported as an issue, so that the client hears what production
 * stores (issue 18).
 */
function storedAs(input: Loose, stored: string, ctx: BindContext): string {
  const { sink } = ctx
  if (sink.issues.length >= listLimit) sink.more++
  else {
    const shown = stored.length > 40 ? `${stored.slice(0, 37)}...` : stored
    sink.issues.push({
      path: pathOf(ctx),
      field: ctx.field,
      value: preview(input),
      expected: 'string',
      stored: shown,
    })
  }
  return stored
}

function preview(input: Loose): string {
  const text =
    typeof input === 'string'
      ? input
      : input instanceof NumberToken
        ? input.text
        : (JSON.stringify(input) ?? String(input))
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

/** A `NumberToken` (which the JSON reader may leave where a number was) is not an object. */
export function isLooseObject(value: Loose | undefined): value is LooseObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof NumberToken)
  )
}

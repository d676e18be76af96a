import { isFormat, isPathExtension, type Format, type PathExtension } from '../formats/format.ts'

/**
 * What a route table needs of a route: its verb (`*` for any), its path, and for an operation
 * its request DTO's name (the pre-defined routes' lookup). Operations, ServiceStack's pages and
 * the control routes are all rows of this shape, matched by the same code.
 */
export interface Routable {
  readonly method: string
  /**
   * The path below where the table is mounted; `{name}` segments are path variables, and a last
   * `{name*}` takes every segment left (joined by `/`).
   */
  readonly route: string
  readonly requestDto?: { readonly name: string }
}

/** How a table reads paths: ServiceStack's rules, or the control routes' plain ones. */
export interface RouteTableOptions {
  /** A format extension on the last segment is stripped and chooses the format (default true). */
  readonly extensions?: boolean
  /** `/{format}/reply/{Dto}` reaches the operation named (default true). */
  readonly predefined?: boolean
}

export interface RouteTable<T extends Routable> {
  readonly routes: readonly CompiledRoute<T>[]
  /** Operations by request DTO name, lower-case: the pre-defined routes' lookup. */
  readonly byDtoName: ReadonlyMap<string, T>
  readonly extensions: boolean
  readonly predefined: boolean
}

interface CompiledRoute<T> {
  readonly operation: T
  /** Literal segments as declared; null where a path variable stands. */
  readonly literals: readonly (string | null)[]
  /** The same, lowercased: literals match case-insensitively. */
  readonly lowered: readonly (string | null)[]
  readonly names: readonly (string | null)[]
  /** The name of a last `{name*}` variable, which takes the segments left; else null. */
  readonly restName: string | null
}

/** A path below the base path, matched to an operation. */
export interface RouteMatch<T> {
  readonly operation: T
  readonly params: Record<string, string>
  /** A recognised format extension stripped from the last segment (`.csv`), or null. */
  readonly extension: PathExtension | null
  /** The first segment (`json` in `/json/reply/X`): the negotiation's pre-defined route check. */
  readonly firstSegment: string
  /** On a pre-defined route (`/json/reply/X`), its format: the body is read in it. */
  readonly predefinedFormat: Format | null
  /** The verb the request stands for (`X-HTTP-Method-Override` applied). */
  readonly method: string
}

export function compileRoutes<T extends Routable>(
  operations: readonly T[],
  { extensions = true, predefined = true }: RouteTableOptions = {},
): RouteTable<T> {
  return {
    routes: operations.map((operation) => {
      const parts = operation.route.split('/').filter(Boolean)
      const last = parts.at(-1)
      const restName = last?.startsWith('{') && last.endsWith('*}') ? last.slice(1, -2) : null
      if (restName !== null) parts.pop()
      const literals = parts.map((part) => (part.startsWith('{') ? null : part))
      return {
        operation,
        literals,
        lowered: literals.map((part) => part?.toLowerCase() ?? null),
        names: parts.map((part) => (part.startsWith('{') ? part.slice(1, -1) : null)),
        restName,
      }
    }),
    byDtoName: new Map(
      operations.flatMap((op) => (op.requestDto ? [[op.requestDto.name.toLowerCase(), op]] : [])),
    ),
    extensions,
    predefined,
  }
}

/**
 * Routes a path below the base path as the real host does (servicestack-wire.md section 3.1):
 * literals case-insensitive, empty segments ignored, a format extension stripped, the
 * pre-defined `/{format}/reply/{Dto}` routes (any verb: the caller decides), verb-specific
 * matches elsewhere (a known path with another verb is a 404, not a 405). Undefined: no route.
 */
export function matchRoute<T extends Routable>(
  table: RouteTable<T>,
  method: string,
  rest: string,
): RouteMatch<T> | undefined {
  const segments = splitSegments(rest)
  const firstSegment = segments[0] ?? ''
  // On a pre-defined route an extension is part of the operation's name, not a format.
  const predefined = table.predefined ? matchPredefined(segments) : undefined
  if (predefined) {
    const operation = table.byDtoName.get(predefined.dtoName.toLowerCase())
    if (!operation) return undefined
    const predefinedFormat = predefined.format
    return { operation, params: {}, extension: null, firstSegment, predefinedFormat, method }
  }
  const extension = table.extensions ? stripExtension(rest, segments) : null
  for (const route of table.routes) {
    if (route.operation.method !== method && route.operation.method !== '*') continue
    const params = matchSegments(route, segments)
    if (params) {
      const { operation } = route
      return { operation, params, extension, firstSegment, predefinedFormat: null, method }
    }
  }
  return undefined
}

/**
 * Whether some verb reaches an operation at this path (a pre-defined route naming one, or an
 * operation's route): only there can `X-HTTP-Method-Override` change the answer.
 */
export function hasRoute<T extends Routable>(table: RouteTable<T>, rest: string): boolean {
  const segments = splitSegments(rest)
  if (segments.length === 0) return false
  const predefined = table.predefined ? matchPredefined(segments) : undefined
  if (predefined) return table.byDtoName.has(predefined.dtoName.toLowerCase())
  if (table.extensions) stripExtension(rest, segments)
  return table.routes.some((route) => matchSegments(route, segments) !== undefined)
}

/**
 * The non-empty segments, percent-decoded where they hold an escape. A loop of `indexOf`, as
 * `String.prototype.split` costs more per request (docs/performance.md, "Routing").
 */
export function splitSegments(rest: string): string[] {
  const segments: string[] = []
  for (let start = 0; start <= rest.length;) {
    const slash = rest.indexOf('/', start)
    const end = slash < 0 ? rest.length : slash
    if (end > start) {
      const part = rest.slice(start, end)
      segments.push(part.includes('%') ? decodeSegment(part) : part)
    }
    start = end + 1
  }
  return segments
}

/**
 * The real host takes the text after the path's last `.` and strips it when it is a registered
 * format (SS Host/RestHandler.cs l.31–47): case-sensitive, as a dictionary lookup (`.CSV` is not
 * stripped), and never when a `/` follows (`comments.json/` looks up `json/`, so the path keeps
 * its dot and matches no route).
 */
function stripExtension(rest: string, segments: string[]): PathExtension | null {
  if (segments.length === 0 || rest.endsWith('/')) return null
  const last = segments[segments.length - 1] as string
  const dot = last.lastIndexOf('.')
  const extension = dot < 0 ? '' : last.slice(dot + 1)
  if (!isPathExtension(extension)) return null
  segments[segments.length - 1] = last.slice(0, dot)
  return extension
}

export function matchPredefined(
  segments: readonly string[],
): { format: Format; dtoName: string } | undefined {
  if (segments.length !== 3) return undefined
  const [format, kind, dtoName] = segments as [string, string, string]
  const lowerFormat = format.toLowerCase()
  const lowerKind = kind.toLowerCase()
  if (!isFormat(lowerFormat) || (lowerKind !== 'reply' && lowerKind !== 'oneway')) return undefined
  return { format: lowerFormat, dtoName }
}

function matchSegments<T>(
  route: CompiledRoute<T>,
  segments: readonly string[],
): Record<string, string> | undefined {
  const fixed = route.lowered.length
  if (route.restName === null ? fixed !== segments.length : segments.length <= fixed)
    return undefined
  const params: Record<string, string> = {}
  if (route.restName !== null) params[route.restName] = segments.slice(fixed).join('/')
  for (let i = 0; i < fixed; i++) {
    const segment = segments[i] as string
    const name = route.names[i]
    if (name) params[name] = segment
    // As declared first: lower-casing makes a new string, which most requests never need.
    else if (segment !== route.literals[i] && segment.toLowerCase() !== route.lowered[i]) {
      return undefined
    }
  }
  return params
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

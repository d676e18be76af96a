import type { DtoDef } from '../../model/index.ts'
import { bindDto, type FieldIssue } from './bind-dto.ts'
import { readJsv } from '../formats/jsv-read.ts'
import type { LooseObject } from './loose.ts'
import type { RequestContext } from '../request-context.ts'

/** Issues found while binding: at most the binder's cap, plus how many more there were. */
export interface Issues {
  readonly issues: FieldIssue[]
  more: number
}

/** Query names that steer the mock or the format, never DTO fields. */
const reservedQueryNames = new Set(['format', 'callback', 'jsconfig', 'debug'])

/**
 * Query and form values laid over the body's fields. Strings take the raw text; structured
 * values are JSV (`?Fields=[{Name:Title}]`), scalars are converted by the binder; empty values
 * are skipped. What does not bind is added to `unbound` (a 400 on the real server).
 */
export function overrideFrom(
  source: URLSearchParams | FormData,
  def: DtoDef,
  ctx: RequestContext,
  fields: Record<string, unknown>,
  unbound: Issues,
): void {
  const tree: LooseObject = {}
  for (const [name, raw] of source) {
    if (typeof raw !== 'string' || raw === '') continue
    const lower = name.toLowerCase()
    if (reservedQueryNames.has(lower) || lower.startsWith('__')) continue
    const entry = def.byLowerName.get(lower)
    if (!entry) continue
    const kind = entry.spec.type.kind
    tree[entry.name] =
      kind === 'list' || kind === 'object' || kind === 'any'
        ? readJsv(raw, { ...ctx.config.limits, depth: ctx.config.limits.depth - 1 })
        : raw
  }
  const bound = bindDto(def, tree, ctx.now)
  Object.assign(fields, bound.value)
  for (const issue of bound.issues) unbound.issues.push(issue)
  unbound.more += bound.moreIssues ?? 0
}

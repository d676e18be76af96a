import type { Answer } from './answer/respond.ts'
import type { RouteFacts } from './per-request.ts'
import type { RequestContext } from './request-context.ts'

/**
 * A page of ServiceStack's own under the base path (the native types, the metadata pages),
 * matched after the operations and before the fallbacks: answered with a context of its own,
 * so that a negotiated one (`/types/metadata`) is written like any answer.
 */
export interface SurfacePage {
  /** The request DTO's name on the real host (`TypesMetadata`): the journal shows it. */
  readonly name: string
  /** The format hints its path gave (`/types/metadata.json`). */
  readonly route: RouteFacts
  answer(ctx: RequestContext): Answer | Promise<Answer>
}

/** The page a path below the base path names, or undefined. */
export type Surface = (rest: string) => SurfacePage | undefined

import {
  noRoute,
  type Operation,
  type RequestContext,
  type Surface,
  type Answer,
  compileRoutes,
  formatLists,
  matchRoute,
} from '../wire/index.ts'

/** One of ServiceStack 5's pages: its route below the base path, and its request DTO's name. */
interface PageRoute {
  readonly method: '*'
  readonly route: string
  /** The request DTO's name on the real host: the journal shows it. */
  readonly name: string
  /** Which of surfacePages answers it. */
  readonly key: string
}

/** The pages, as rows of the route table (any verb, as on the real host). */
const pageRoutes: readonly PageRoute[] = [
  { method: '*', route: '/types', name: 'TypeLinks', key: 'types' },
  { method: '*', route: '/types/metadata', name: 'TypesMetadata', key: 'types/metadata' },
  { method: '*', route: '/types/typescript', name: 'TypesTypeScript', key: 'types/typescript' },
  {
    method: '*',
    route: '/types/typescript.d',
    name: 'TypesTypeScriptDefinition',
    key: 'types/typescript.d',
  },
  { method: '*', route: '/metadata', name: 'Metadata', key: 'metadata' },
  // One metadata page per format the registry gives one.
  ...formatLists.pageFormats.map((format): PageRoute => ({
    method: '*',
    route: `/${format}/metadata`,
    name: 'Metadata',
    key: `${format}/metadata`,
  })),
]

/**
 * ServiceStack 5's developer surface under the base path, generated from the operations' field
 * tables: `/types` (links), `/types/metadata` (negotiated), `/types/typescript` and
 * `/types/typescript.d` (text), `/metadata` and `/{format}/metadata?op=X` (HTML). Matched by the
 * route table, as the operations are (`typescript.d` stays a name: `d` is no format). The pages'
 * code loads with the first of them: a browser bundle keeps it in a chunk of its own.
 */
export function createSurface(operations: readonly Operation[], basePath: string): Surface {
  let pages: Promise<Record<string, (ctx: RequestContext) => Answer>> | undefined
  const pagesOf = () =>
    (pages ??= import('./surface-pages.ts').then(({ surfacePages }) =>
      surfacePages(operations, basePath),
    ))
  const table = compileRoutes(pageRoutes, { predefined: false })
  return (rest) => {
    const match = matchRoute(table, '*', rest)
    if (!match) return undefined
    const { name, key } = match.operation
    return {
      name,
      route: { ...noRoute, extension: match.extension, firstSegment: match.firstSegment },
      answer: async (ctx) => (await pagesOf())[key]?.(ctx) as Answer,
    }
  }
}

import {
  noRoute,
  type Operation,
  type RequestContext,
  type Surface,
  isFormat,
  type Answer,
  formatLists,
} from '../wire/index.ts'

/** The pages' paths below the base path, lower-case, and the request DTO of each on ServiceStack 5. */
const pageNames: Readonly<Record<string, string>> = {
  types: 'TypeLinks',
  'types/metadata': 'TypesMetadata',
  'types/typescript': 'TypesTypeScript',
  'types/typescript.d': 'TypesTypeScriptDefinition',
  metadata: 'Metadata',
  // One metadata page per format the registry gives one.
  ...Object.fromEntries(
    formatLists.pageFormats.map((format) => [`${format}/metadata`, 'Metadata']),
  ),
}

/**
 * ServiceStack 5's developer surface under the base path, generated from the operations' field
 * tables: `/types` (links), `/types/metadata` (negotiated), `/types/typescript` and
 * `/types/typescript.d` (text), `/metadata` and `/{format}/metadata?op=X` (HTML). The pages'
 * code loads with the first of them: a browser bundle keeps it in a chunk of its own.
 */
export function createSurface(operations: readonly Operation[], basePath: string): Surface {
  let pages: Promise<Record<string, (ctx: RequestContext) => Answer>> | undefined
  const pagesOf = () =>
    (pages ??= import('./surface-pages.ts').then(({ surfacePages }) =>
      surfacePages(operations, basePath),
    ))
  return (rest) => {
    const segments = rest.split('/').filter((segment) => segment !== '')
    const last = segments.at(-1) ?? ''
    const dot = last.lastIndexOf('.')
    const extension = dot < 0 ? '' : last.slice(dot + 1)
    const key = segments.join('/').toLowerCase()
    // `typescript.d` is a name; other extensions are formats, as on any route.
    const known =
      key in pageNames ? key : isFormat(extension) ? key.slice(0, -extension.length - 1) : ''
    const name = pageNames[known]
    if (name === undefined) return undefined
    return {
      name,
      route: {
        ...noRoute,
        extension: known === key || !isFormat(extension) ? null : extension,
        firstSegment: segments[0] ?? '',
      },
      answer: async (ctx) => (await pagesOf())[known]?.(ctx) as Answer,
    }
  }
}

import type { HostRoute } from './host-routes.ts'
import type { Routable } from './route-table.ts'
import type { Search } from './route-search.ts'

/** The most operations a sentence lists. */
const maxListed = 6

/**
 * "the real host serves this (CommentWebService.Get(CommentsFilter)); the mock implements PUT
 * /RestApi/comments-api/comments; forward it …": `what` names the route when it is not the
 * request's own path.
 */
export function hostSentence<T extends Routable>(
  search: Search<T>,
  host: HostRoute,
  what: string | null,
  segments: readonly string[],
): string {
  const serves = what === null ? 'this' : what
  return (
    `the real host serves ${serves} (${host.service}); the mock implements ` +
    `${implemented(search, segments[0] ?? null)}; forward it to the real host with --proxy ` +
    `<url>, or answer it with a handler of your own`
  )
}

/** The operations whose first segment is the request's (all of them if none is): a short list. */
export function implemented<T extends Routable>(search: Search<T>, first: string | null): string {
  const { table, basePath } = search
  const all = table.routes.map(({ operation }) => operation)
  const lower = first?.toLowerCase()
  const near = all.filter((op) => op.route.split('/').filter(Boolean)[0]?.toLowerCase() === lower)
  const listed = (near.length > 0 ? near : all).map((op) => `${op.method} ${basePath}${op.route}`)
  return listed.length > maxListed
    ? `${listed.slice(0, maxListed).join(', ')} and ${listed.length - maxListed} more`
    : listed.join(', ')
}
